// One view of a sponsor (decision 109): the organisation's sponsors (GET /sponsors), one sponsor's
// page (GET /sponsors/{key}) and a note of the team on them (POST /sponsors/{key}/notes).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZListSponsorsResponse, ZSponsorNote, ZSponsorViewResponse } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function sponsorListQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.sponsorships.sponsorList,
    queryFn: ({ signal }) => api.get('/sponsors', { schema: ZListSponsorsResponse, signal }),
    staleTime: 10_000,
  });
}

export function sponsorPageQueryOptions(key: string) {
  return queryOptions({
    queryKey: queryKeys.sponsorships.sponsorPage(key),
    queryFn: ({ signal }) => api.get(`/sponsors/${key}`, { schema: ZSponsorViewResponse, signal }),
    staleTime: 10_000,
  });
}

export function useAddSponsorNote(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post(`/sponsors/${key}/notes`, { text }, { schema: ZSponsorNote }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sponsorPageQueryOptions(key).queryKey }),
  });
}
