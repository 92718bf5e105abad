import { Link } from '@tanstack/react-router';
import { ArchiveIcon, CalendarDaysIcon, ClockIcon, MapPinIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFormat } from '@/hooks/use-format';
import { useTranslation } from '@/lib/i18n';
import type { OrganiserEvent } from '../types';
import { EventFigureSums } from './event-figures';

/**
 * One event of the list: the whole card links to its edit page (through the title's link); `actions`
 * sit below it, and `extras` (another feature's figures) below those.
 */
export function EventListItem({
  event,
  actions,
  extras = null,
}: {
  event: OrganiserEvent;
  actions?: ReactNode;
  extras?: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <article className="relative rounded-xl border border-border bg-card p-4 shadow-sm transition-colors focus-within:border-primary/50 hover:border-primary/50 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="min-w-0">
          <h2 className="text-lg leading-snug font-semibold break-words">
            <Link
              to="/edit-event/$eventId"
              params={{ eventId: event.id }}
              className="rounded-sm after:absolute after:inset-0 after:rounded-xl hover:text-primary focus-visible:outline-none"
            >
              {event.title}
            </Link>
          </h2>
          <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDaysIcon className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t('events.list.date')}</span>
              <time dateTime={event.eventDate} className="tabular-nums">
                {format.date(event.eventDate)}
              </time>
            </span>
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t('events.list.location')}</span>
              <span className="break-words">{event.location}</span>
            </span>
          </p>
        </div>
        <EventFigureSums event={event} />
      </div>
      <ul className="mt-4 flex flex-wrap gap-2 text-sm" aria-label={t('events.list.sponsorshipsLabel')}>
        <li className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1 font-medium text-secondary-foreground">
          <UsersIcon className="size-4" aria-hidden="true" />
          {t('events.list.sponsors', { count: event.sponsorAmount })}
        </li>
        <li className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 text-foreground">
          <ClockIcon className="size-4 text-warning" aria-hidden="true" />
          {t('events.list.openSponsorships', { count: event.openSponsorships })}
        </li>
        {event.archivedAt !== null ? (
          <li className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 text-muted-foreground">
            <ArchiveIcon className="size-4" aria-hidden="true" />
            {t('events.lifecycle.archivedBadge')}
          </li>
        ) : null}
      </ul>
      {extras}
      {actions ? <div className="mt-4 border-t border-border pt-3">{actions}</div> : null}
    </article>
  );
}
