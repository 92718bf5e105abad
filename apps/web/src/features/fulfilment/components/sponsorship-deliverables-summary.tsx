import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoaderCircleIcon } from 'lucide-react';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { organisationDeliverablesQueryOptions } from '../api/organisation-deliverables';
import { StatusBadge } from './status-badge';

/**
 * A sponsorship's deliverables in its detail panel, read from the event's list (one request for
 * every panel of the event), with the way to work on them in the event's fulfilment area.
 */
export function SponsorshipDeliverablesSummary({ eventId, sponsorshipId }: { eventId: number; sponsorshipId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(organisationDeliverablesQueryOptions({ event_id: eventId }));
  const mine = query.data?.deliverables.filter((d) => d.sponsorship_id === sponsorshipId) ?? [];
  return (
    <section className="flex flex-col gap-2" aria-labelledby={`deliverables-${sponsorshipId}`}>
      <h3 id={`deliverables-${sponsorshipId}`} className="font-semibold">
        {t('fulfilment.board.eventTitle')}
      </h3>
      {query.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
          {t('common.loading')}
        </p>
      ) : query.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {getErrorMessage(query.error, t)}
        </p>
      ) : mine.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('events.workspace.sponsors.detail.noDeliverables')}</p>
      ) : (
        <>
          <ul className="divide-y divide-border rounded-md border border-border text-sm">
            {mine.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span className="min-w-0 break-words">
                  {d.title}
                  {d.due_date ? (
                    <span className="ml-2 text-muted-foreground tabular-nums">{format.date(d.due_date)}</span>
                  ) : null}
                </span>
                <StatusBadge status={d.status} overdue={d.overdue} />
              </li>
            ))}
          </ul>
          <Link
            to="/edit-event/$eventId/fulfilment"
            params={{ eventId }}
            search={{ sponsor: mine[0]!.sponsor_email }}
            className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('events.workspace.sponsors.detail.toFulfilment')}
          </Link>
        </>
      )}
    </section>
  );
}
