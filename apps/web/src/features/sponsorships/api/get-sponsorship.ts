/** GET /sponsorships/{id}: the sponsor's (or organisation's) view of one sponsorship. */
import { queryOptions } from '@tanstack/react-query';
import { ZSponsorship } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { authOf, toSponsorship, viewerKey, type Sponsorship, type SponsorViewer } from './sponsorship';

export async function getSponsorship(
  id: number,
  viewer: SponsorViewer,
  options: { signal?: AbortSignal } = {},
): Promise<Sponsorship> {
  const wire = await api.get(`/sponsorships/${id}`, {
    schema: ZSponsorship,
    auth: authOf(viewer),
    signal: options.signal,
  });
  return toSponsorship(wire);
}

export function sponsorshipQueryOptions(id: number, viewer: SponsorViewer) {
  return queryOptions({
    queryKey: queryKeys.sponsorships.detail(id, viewerKey(viewer)),
    queryFn: ({ signal }) => getSponsorship(id, viewer, { signal }),
    retry: false,
  });
}
