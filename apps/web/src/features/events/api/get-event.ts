import { queryOptions } from '@tanstack/react-query';
import { STALE_TIMES, ZEvent } from '@sp/shared';
import { api } from '@/lib/api-client';
import { eventPath } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';
import { toOrganiserEvent, type OrganiserEvent } from '../types';

/** GET /event/{id} */
export async function getEvent(eventId: number, options: { signal?: AbortSignal } = {}): Promise<OrganiserEvent> {
  return toOrganiserEvent(await api.get(eventPath(eventId), { schema: ZEvent, signal: options.signal }));
}

export function eventQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: queryKeys.events.detail(eventId),
    queryFn: ({ signal }) => getEvent(eventId, { signal }),
    staleTime: STALE_TIMES.events,
  });
}
