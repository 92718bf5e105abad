import { useFormat } from '@/hooks/use-format';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { OrganiserEvent } from '../types';

/**
 * An event's two sums as the API defines them (docs/glossary.md): committed, large, and in
 * negotiation under it. The event list's card and the event page show the same component.
 */
export function EventFigureSums({
  event,
  className,
}: {
  event: Pick<OrganiserEvent, 'committedCents' | 'inNegotiationCents'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <dl
      className={cn('flex flex-wrap items-baseline gap-x-4 gap-y-1 sm:flex-col sm:items-end sm:gap-0', className)}
      aria-label={t('figures.label')}
    >
      <div className="flex items-baseline gap-1.5 sm:flex-col sm:items-end sm:gap-0">
        <dt className="order-last text-xs text-muted-foreground">{t('figures.committed')}</dt>
        <dd className="text-xl font-semibold tabular-nums" data-testid="event-committed">
          {format.currency(event.committedCents / 100)}
        </dd>
      </div>
      <div className="flex items-baseline gap-1.5 text-sm sm:mt-1">
        <dt className="order-last text-xs text-muted-foreground">{t('figures.inNegotiation')}</dt>
        <dd className="font-medium text-muted-foreground tabular-nums" data-testid="event-in-negotiation">
          {format.currency(event.inNegotiationCents / 100)}
        </dd>
      </div>
    </dl>
  );
}
