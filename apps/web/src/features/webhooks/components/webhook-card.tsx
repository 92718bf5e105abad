import { useState } from 'react';
import { toast } from 'sonner';
import type { WebhookEndpoint, WebhookWithSecret } from '@sp/shared';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { useDeleteWebhook, useRotateWebhookSecret, useTestWebhook, useUpdateWebhook } from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';

/** One endpoint: where it points, what it receives, how the last day went; test, rotate, switch off, remove. */
export function WebhookCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (rotated: WebhookWithSecret) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const [confirming, setConfirming] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const failed = (error: unknown) => toast.error(getErrorMessage(error, t));
  const busy = update.isPending || remove.isPending || rotate.isPending || test.isPending;
  const { recent } = endpoint;

  return (
    <Card data-testid="webhook-endpoint">
      <CardHeader>
        <CardTitle className="font-mono text-base break-all">{endpoint.url}</CardTitle>
        <CardDescription>
          {endpoint.description ? `${endpoint.description} · ` : ''}
          {endpoint.enabled ? t('webhooks.card.on') : t('webhooks.card.off')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="flex flex-wrap gap-2" aria-label={t('webhooks.form.types')}>
          {endpoint.event_types.map((type) => (
            <li key={type} className="rounded-full bg-secondary px-2.5 py-0.5 text-xs text-secondary-foreground">
              {t(`webhooks.types.${type.replace('.', '-')}` as TranslationKey)}
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted-foreground" data-testid="webhook-recent">
          {t('webhooks.card.recent', {
            delivered: String(recent.delivered),
            failed: String(recent.failed),
            pending: String(recent.pending),
          })}
          {endpoint.previous_secret_until
            ? ` · ${t('webhooks.card.previousSecret', { until: format.dateTime(endpoint.previous_secret_until) })}`
            : ''}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() =>
              test.mutate(endpoint.id, {
                onSuccess: () => {
                  toast.success(t('webhooks.card.testQueued'));
                  setShowDeliveries(true);
                },
                onError: failed,
              })
            }
          >
            {t('webhooks.card.test')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showDeliveries}
            onClick={() => setShowDeliveries((shown) => !shown)}
          >
            {showDeliveries ? t('webhooks.card.hideDeliveries') : t('webhooks.card.showDeliveries')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => rotate.mutate(endpoint.id, { onSuccess: onSecret, onError: failed })}
          >
            {t('webhooks.card.rotate')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() =>
              update.mutate({ id: endpoint.id, patch: { enabled: !endpoint.enabled } }, { onError: failed })
            }
          >
            {endpoint.enabled ? t('webhooks.card.switchOff') : t('webhooks.card.switchOn')}
          </Button>
          <Button variant="outline" size="sm" disabled={busy} onClick={() => setConfirming(true)}>
            {t('webhooks.card.remove')}
          </Button>
        </div>
        {showDeliveries ? <WebhookDeliveries endpointId={endpoint.id} /> : null}
      </CardContent>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('webhooks.card.confirmTitle')}</AlertDialogTitle>
            <AlertDialogDescription>{t('webhooks.card.confirmText', { url: endpoint.url })}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{t('webhooks.card.cancel')}</AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(endpoint.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.success(t('webhooks.card.removed'));
                  },
                  onError: failed,
                })
              }
            >
              {t('webhooks.card.confirmRemove')}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
