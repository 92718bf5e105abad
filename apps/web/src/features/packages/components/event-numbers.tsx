import { useQuery } from '@tanstack/react-query';
import { CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import type { EventSponsoringNumbersWire } from '@sp/shared';
import { useFormat } from '@/hooks/use-format';
import { useTranslation } from '@/lib/i18n';
import { sponsoringNumbersQueryOptions } from '../api/sponsoring-numbers';

/**
 * One event's line in the event list: per package the slots taken of those available and the sums
 * committed and in negotiation (docs/glossary.md), and the deliverables done. One request serves every event of the list
 * (the query is shared); an event without packages or deliverables shows nothing.
 */
export function EventNumbers({ organisationId, eventId }: { organisationId: number; eventId: number }) {
  const numbers = useQuery(sponsoringNumbersQueryOptions(organisationId));
  const event = numbers.data?.events.find((e) => e.event_id === eventId);
  if (!event || (event.packages.length === 0 && event.fulfilment.total === 0)) return null;
  return <EventNumbersView event={event} />;
}

export function EventNumbersView({ event }: { event: EventSponsoringNumbersWire }) {
  const { t } = useTranslation();
  const format = useFormat();
  const euro = (cents: number) => format.currency(cents / 100);
  const shown = event.packages.filter((p) => !p.archived || p.sold > 0);
  return (
    <div className="mt-3 grid gap-2 border-t border-border pt-3 text-sm">
      {shown.length > 0 ? (
        <ul className="grid gap-1" aria-label={t('packages.numbers.packagesLabel')}>
          {shown.map((p) => (
            <li key={p.package_id} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium tabular-nums">
                {p.capacity === null
                  ? t('packages.numbers.slotsUnlimited', { name: p.name, sold: p.sold })
                  : t('packages.numbers.slots', { name: p.name, sold: p.sold, capacity: p.capacity })}
              </span>
              <span className="text-muted-foreground tabular-nums">
                {t('packages.numbers.packageSums', {
                  committed: euro(p.committed_cents),
                  inNegotiation: euro(p.in_negotiation_cents),
                })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {event.fulfilment.total > 0 ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="inline-flex items-center gap-1.5">
            <CircleCheckIcon className="size-4 text-primary" aria-hidden="true" />
            {t('packages.numbers.fulfilment', { done: event.fulfilment.done, total: event.fulfilment.total })}
          </span>
          {event.fulfilment.overdue > 0 ? (
            <span className="inline-flex items-center gap-1.5 font-medium text-destructive">
              <TriangleAlertIcon className="size-4" aria-hidden="true" />
              {t('packages.numbers.overdue', { count: event.fulfilment.overdue })}
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
