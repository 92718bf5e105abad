import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarPlusIcon, LoaderCircleIcon, PlusIcon } from 'lucide-react';
import { useMemo, useState, type ComponentType } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { eventsListQueryOptions } from '../api/list-events';
import type { OrganiserEvent } from '../types';
import { eventsListErrorMessage } from '../utils/event-errors';
import { EventLifecycleActions } from './event-lifecycle-actions';
import { EventListItem } from './event-list-item';
import { EventPage } from './event-page';
import { Notice } from './notice';
import { OrganisationGate } from './organisation-gate';

function CreateEventButton() {
  const { t } = useTranslation();
  return (
    <Button asChild>
      <Link to="/create-event/">
        <PlusIcon aria-hidden="true" />
        {t('events.list.create')}
      </Link>
    </Button>
  );
}

/** What another feature shows under an event of the list (the route composes it: the packages' numbers). */
export type EventExtras = ComponentType<{ organisationId: number; eventId: number }>;

/** /dashboard/organizer/events: the organisation's events, a page at a time (spec section 2). */
export function EventsListPage({ Extras }: { Extras?: EventExtras }) {
  const { t } = useTranslation();
  return (
    <OrganisationGate title={t('events.list.title')} width="wide">
      {(organisationId) => <EventsList organisationId={organisationId} Extras={Extras} />}
    </OrganisationGate>
  );
}

/** Current events or the archive (issue 21, point 4). */
function ArchiveFilter({ archived, onChange }: { archived: boolean; onChange: (archived: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('events.lifecycle.filterLabel')} className="mt-6 inline-flex rounded-lg border p-1">
      {[false, true].map((value) => (
        <Button
          key={String(value)}
          variant={archived === value ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={archived === value}
          onClick={() => onChange(value)}
        >
          {t(value ? 'events.lifecycle.archived' : 'events.lifecycle.active')}
        </Button>
      ))}
    </div>
  );
}

function EventsList({ organisationId, Extras }: { organisationId: number; Extras: EventExtras | undefined }) {
  const { t } = useTranslation();
  const [archived, setArchived] = useState(false);
  const query = useInfiniteQuery(eventsListQueryOptions(organisationId, { archived }));

  const events = useMemo(() => {
    // Pages are read by offset; an event created meanwhile can push one into the next page twice.
    const seen = new Set<number>();
    const list: OrganiserEvent[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const event of page.events) {
        if (seen.has(event.id)) continue;
        seen.add(event.id);
        list.push(event);
      }
    }
    return list;
  }, [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? null;

  let content;
  if (query.isPending) {
    content = (
      <p role="status" className="mt-8 flex items-center gap-2 text-muted-foreground">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('events.list.loading')}
      </p>
    );
  } else if (query.isError && events.length === 0) {
    content = (
      <div className="mt-8 flex flex-col items-start gap-4">
        <Notice tone="error">{t('events.errors.prefixed', { message: eventsListErrorMessage(query.error, t) })}</Notice>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (events.length === 0 && archived) {
    content = <p className="mt-8 text-muted-foreground">{t('events.lifecycle.archivedEmpty')}</p>;
  } else if (events.length === 0) {
    content = (
      <div className="mt-8 flex flex-col items-center rounded-xl border-2 border-dashed border-border px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
          <CalendarPlusIcon className="size-6" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-lg font-semibold">{t('events.list.empty.title')}</h2>
        <p className="mt-1 max-w-md text-sm text-muted-foreground">{t('events.list.empty.text')}</p>
        <div className="mt-6">
          <CreateEventButton />
        </div>
      </div>
    );
  } else {
    content = (
      <>
        <ul className="mt-8 flex flex-col gap-3">
          {events.map((event) => (
            <li key={event.id}>
              <EventListItem
                event={event}
                extras={Extras ? <Extras organisationId={organisationId} eventId={event.id} /> : null}
                actions={<EventLifecycleActions event={event} organisationId={organisationId} />}
              />
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-col items-center gap-3">
          {query.isFetchNextPageError ? (
            <Notice tone="error">
              {t('events.errors.prefixed', { message: eventsListErrorMessage(query.error, t) })}
            </Notice>
          ) : null}
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total === null
              ? t('events.list.shownUnknown', { count: events.length })
              : t('events.list.shown', { count: events.length, total })}
          </p>
          {query.hasNextPage ? (
            <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {query.isFetchingNextPage ? t('events.list.loadingMore') : t('events.list.loadMore')}
            </Button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <EventPage
      title={t('events.list.title')}
      lead={t('events.list.lead')}
      width="wide"
      actions={query.isSuccess && events.length === 0 && !archived ? null : <CreateEventButton />}
    >
      <ArchiveFilter archived={archived} onChange={setArchived} />
      {content}
    </EventPage>
  );
}
