/** GET /sponsorships: the signed-in sponsor's sponsorships (their address), newest event first. */
import { queryOptions } from '@tanstack/react-query';
import { ZListMySponsorshipsResponse } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toSponsorship, type Sponsorship } from './sponsorship';

export async function listMySponsorships(options: { signal?: AbortSignal } = {}): Promise<Sponsorship[]> {
  const wire = await api.get('/sponsorships', { schema: ZListMySponsorshipsResponse, signal: options.signal });
  return wire.map(toSponsorship);
}

export function mySponsorshipsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.sponsorships.mine,
    queryFn: ({ signal }) => listMySponsorships({ signal }),
  });
}
