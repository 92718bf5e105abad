import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { WebhookDelivery } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { useRetryWebhookDelivery, webhookDeliveriesQueryOptions } from '../api/webhooks';

/** An endpoint's last deliveries: what was sent, how it went, the receiver's answer; a failed one sent again. */
export function WebhookDeliveries({ endpointId }: { endpointId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const deliveries = useQuery(webhookDeliveriesQueryOptions(endpointId));
  const retry = useRetryWebhookDelivery();

  if (deliveries.isPending) return <p className="text-sm text-muted-foreground">{t('common.loading')}</p>;
  if (deliveries.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {getErrorMessage(deliveries.error, t)}
      </p>
    );
  if (deliveries.data.deliveries.length === 0)
    return <p className="text-sm text-muted-foreground">{t('webhooks.deliveries.empty')}</p>;

  const outcome = (delivery: WebhookDelivery) =>
    delivery.last_status !== null
      ? t('webhooks.deliveries.answered', { status: String(delivery.last_status) })
      : (delivery.last_error ?? t('webhooks.deliveries.notYet'));

  return (
    <ul className="grid gap-2 text-sm" aria-label={t('webhooks.deliveries.label')}>
      {deliveries.data.deliveries.map((delivery) => (
        <li key={delivery.id} className="grid gap-1 rounded-md border border-border p-3" data-testid="webhook-delivery">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium">
              <code>{delivery.event_type}</code>{' '}
              <span className={delivery.status === 'failed' ? 'text-destructive' : undefined}>
                · {t(`webhooks.status.${delivery.status}` as TranslationKey)}
              </span>
            </span>
            <time className="text-muted-foreground" dateTime={delivery.created_at}>
              {format.dateTime(delivery.created_at)}
            </time>
          </div>
          <p className="text-muted-foreground break-words">
            {t('webhooks.deliveries.attempts', { count: delivery.attempts })} · {outcome(delivery)}
            {delivery.next_attempt_at && delivery.attempts > 0
              ? ` · ${t('webhooks.deliveries.next', { at: format.dateTime(delivery.next_attempt_at) })}`
              : ''}
          </p>
          {delivery.last_response ? (
            <pre className="max-h-24 overflow-auto rounded bg-muted px-2 py-1 text-xs whitespace-pre-wrap break-all">
              {delivery.last_response}
            </pre>
          ) : null}
          {delivery.status === 'failed' ? (
            <div>
              <Button
                variant="outline"
                size="sm"
                disabled={retry.isPending}
                onClick={() =>
                  retry.mutate(delivery.id, {
                    onSuccess: () => {
                      toast.success(t('webhooks.deliveries.queued'));
                      void deliveries.refetch();
                    },
                    onError: (error) => toast.error(getErrorMessage(error, t)),
                  })
                }
              >
                {t('webhooks.deliveries.retry')}
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
