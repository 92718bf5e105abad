// An event's sponsor wall: the organisers' switch and preview (GET/PUT /event/{id}/sponsor-wall) and
// the public feed (GET /public/events/{id}/sponsors, no sign-in).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSponsorWallFeed, ZSponsorWallSettings } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function sponsorWallSettingsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: queryKeys.sponsorWall.settings(eventId),
    queryFn: ({ signal }) => api.get(`/event/${eventId}/sponsor-wall`, { schema: ZSponsorWallSettings, signal }),
  });
}

export function useSetSponsorWall(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api.put(`/event/${eventId}/sponsor-wall`, { enabled }, { schema: ZSponsorWallSettings }),
    onSuccess: (answer) => queryClient.setQueryData(sponsorWallSettingsQueryOptions(eventId).queryKey, answer),
  });
}

export function publicSponsorWallQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: queryKeys.sponsorWall.feed(eventId),
    queryFn: ({ signal }) =>
      api.get(`/public/events/${eventId}/sponsors`, { schema: ZSponsorWallFeed, auth: 'none', signal }),
    retry: false,
    staleTime: 60_000,
  });
}
