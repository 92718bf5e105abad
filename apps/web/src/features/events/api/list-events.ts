import { infiniteQueryOptions } from '@tanstack/react-query';
import { STALE_TIMES, ZListEventsResponse, eventsCursorOf } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toOrganiserEvent, type OrganiserEvent } from '../types';

/** Events per "Mehr laden". */
export const EVENTS_PAGE_SIZE = 10;

export type EventsPage = {
  events: OrganiserEvent[];
  /** Events on the pages before this one. */
  loadedBefore: number;
  /** The keyset cursor of the page after this one (its last event). */
  cursor: string | null;
  /** From `X-Total-Count`; null when the answer does not carry it. */
  total: number | null;
};

/** Where the next page starts: after `after` (null: the first page), `loaded` events already shown. */
export type EventsPageParam = { after: string | null; loaded: number };

/**
 * GET /events/{organisationId}?limit=&after=: one page, newest event date first. `after` is the
 * keyset cursor of the last event shown, so a deep page costs the server what the first does
 * (issue 22, point 2; OFFSET read and dropped every earlier row).
 */
export async function listEvents(
  organisationId: number,
  {
    limit = EVENTS_PAGE_SIZE,
    after = null,
    loaded = 0,
    archived = false,
    signal,
  }: { limit?: number; after?: string | null; loaded?: number; archived?: boolean; signal?: AbortSignal } = {},
): Promise<EventsPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (after !== null) query.set('after', after);
  if (archived) query.set('archived', 'true');
  const { data, headers } = await api.getWithHeaders(`/events/${organisationId}?${query.toString()}`, {
    schema: ZListEventsResponse,
    signal,
  });
  const total = Number(headers.get('X-Total-Count') ?? Number.NaN);
  const last = data.at(-1);
  return {
    events: data.map(toOrganiserEvent),
    loadedBefore: loaded,
    cursor: last ? eventsCursorOf(last) : null,
    total: Number.isSafeInteger(total) && total >= 0 ? total : null,
  };
}

/** Where the next page starts, or undefined when every event is loaded. */
export function nextEventsPage(lastPage: EventsPage, pageSize = EVENTS_PAGE_SIZE): EventsPageParam | undefined {
  const loaded = lastPage.loadedBefore + lastPage.events.length;
  const more = lastPage.total !== null ? loaded < lastPage.total : lastPage.events.length === pageSize;
  return more && lastPage.cursor !== null ? { after: lastPage.cursor, loaded } : undefined;
}

/** Spec section 9: events stay fresh for 5 minutes. `archived`: the archive instead (issue 21, point 4). */
export function eventsListQueryOptions(organisationId: number, { archived = false }: { archived?: boolean } = {}) {
  return infiniteQueryOptions({
    queryKey: archived ? queryKeys.events.archivedList(organisationId) : queryKeys.events.list(organisationId),
    queryFn: ({ pageParam, signal }) => listEvents(organisationId, { ...pageParam, archived, signal }),
    initialPageParam: { after: null, loaded: 0 } as EventsPageParam,
    getNextPageParam: (lastPage) => nextEventsPage(lastPage),
    staleTime: STALE_TIMES.events,
  });
}
