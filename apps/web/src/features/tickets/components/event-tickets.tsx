import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DownloadIcon, ScanLineIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { downloadTicketsCsv, eventTicketsQueryOptions } from '../api/tickets';

/** The organiser's list of everyone named for the event's sponsor tickets, who came, the CSV and the door. */
export function EventTickets({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(eventTicketsQueryOptions(eventId));
  if (query.isPending || query.isError || query.data.seats === 0) return null;
  const { holders, seats, named, checked_in } = query.data;
  return (
    <section aria-labelledby="event-tickets-title" className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="event-tickets-title" className="text-lg font-semibold">
          {t('tickets.event.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link to="/edit-event/$eventId/check-in" params={{ eventId }}>
              <ScanLineIcon className="size-4" aria-hidden="true" />
              {t('tickets.event.door')}
            </Link>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void downloadTicketsCsv(eventId).catch((error) => toast.error(getErrorMessage(error, t)))}
          >
            <DownloadIcon className="size-4" aria-hidden="true" />
            {t('tickets.event.csv')}
          </Button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{t('tickets.event.counts', { named, seats, came: checked_in })}</p>
      {holders.length > 0 ? (
        <ul className="grid gap-2">
          {holders.map((h) => (
            <li
              key={h.id}
              className="grid gap-1 rounded-md bg-muted/50 p-2 sm:grid-cols-[1fr_1fr_auto] sm:items-center"
            >
              <span className="font-medium break-words">{h.erased ? t('tickets.event.erased') : h.name}</span>
              <span className="text-sm break-all text-muted-foreground">
                {h.erased ? h.sponsor_email : `${h.email} · ${h.sponsor_email}`}
              </span>
              <span className="text-sm">
                {h.checked_in_at
                  ? t('tickets.event.came', { time: format.dateTime(h.checked_in_at) })
                  : t('tickets.event.notYet')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
