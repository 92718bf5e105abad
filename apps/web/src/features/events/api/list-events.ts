import { infiniteQueryOptions } from '@tanstack/react-query';
import { STALE_TIMES, ZListEventsResponse } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toOrganiserEvent, type OrganiserEvent } from '../types';

/** Events per "Mehr laden". */
export const EVENTS_PAGE_SIZE = 10;

export type EventsPage = {
  events: OrganiserEvent[];
  offset: number;
  /** From `X-Total-Count`; null when the answer does not carry it. */
  total: number | null;
};

/** GET /events/{organisationId}?limit=&offset=: one page, newest event date first. */
export async function listEvents(
  organisationId: number,
  {
    limit = EVENTS_PAGE_SIZE,
    offset = 0,
    archived = false,
    signal,
  }: { limit?: number; offset?: number; archived?: boolean; signal?: AbortSignal } = {},
): Promise<EventsPage> {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (archived) query.set('archived', 'true');
  const { data, headers } = await api.getWithHeaders(`/events/${organisationId}?${query.toString()}`, {
    schema: ZListEventsResponse,
    signal,
  });
  const total = Number(headers.get('X-Total-Count') ?? Number.NaN);
  return {
    events: data.map(toOrganiserEvent),
    offset,
    total: Number.isSafeInteger(total) && total >= 0 ? total : null,
  };
}

/** The offset of the next page, or undefined when every event is loaded. */
export function nextEventsOffset(lastPage: EventsPage, pageSize = EVENTS_PAGE_SIZE): number | undefined {
  const loaded = lastPage.offset + lastPage.events.length;
  if (lastPage.total !== null) return loaded < lastPage.total ? loaded : undefined;
  return lastPage.events.length === pageSize ? loaded : undefined;
}

/** Spec section 9: events stay fresh for 5 minutes. `archived`: the archive instead (issue 21, point 4). */
export function eventsListQueryOptions(organisationId: number, { archived = false }: { archived?: boolean } = {}) {
  return infiniteQueryOptions({
    queryKey: archived ? queryKeys.events.archivedList(organisationId) : queryKeys.events.list(organisationId),
    queryFn: ({ pageParam, signal }) => listEvents(organisationId, { offset: pageParam, archived, signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => nextEventsOffset(lastPage),
    staleTime: STALE_TIMES.events,
  });
}
