/** GET /event/{id}/sponsorships: the organiser's list of an event's sponsors and their agreements. */
import { queryOptions } from '@tanstack/react-query';
import { ZListSponsorshipsResponse } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toSponsorship, type Sponsorship } from './sponsorship';

export async function listEventSponsorships(
  eventId: number,
  options: { signal?: AbortSignal } = {},
): Promise<Sponsorship[]> {
  const wire = await api.get(`/event/${eventId}/sponsorships`, {
    schema: ZListSponsorshipsResponse,
    signal: options.signal,
  });
  return wire.map(toSponsorship);
}

export function eventSponsorshipsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: queryKeys.sponsorships.ofEvent(eventId),
    queryFn: ({ signal }) => listEventSponsorships(eventId, { signal }),
  });
}
