// The sponsor's own profile: GET/PUT /sponsor-profile, PUT/DELETE /sponsor-profile/logo and
// PUT /sponsorships/{id}/wall-consent, with the account or with the invitation link.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSponsorProfileResponse, type SaveSponsorProfileRequest, type SponsorProfileResponse } from '@sp/shared';
import { api, type ApiAuth } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in sponsor, or a sponsor with the invitation link. */
export type ProfileViewer = { kind: 'user' } | { kind: 'guest'; token: string; email: string };

export const authOf = (viewer: ProfileViewer): ApiAuth =>
  viewer.kind === 'guest' ? { guest: { token: viewer.token, email: viewer.email } } : 'bearer';

export function sponsorProfileQueryOptions(viewer: ProfileViewer) {
  return queryOptions({
    queryKey: queryKeys.sponsorProfile(viewer.kind === 'guest' ? `guest:${viewer.email}` : 'me'),
    queryFn: ({ signal }) =>
      api.get('/sponsor-profile', { schema: ZSponsorProfileResponse, auth: authOf(viewer), signal }),
    retry: false,
  });
}

export type ProfileChange =
  | { kind: 'save'; body: SaveSponsorProfileRequest }
  | { kind: 'logo'; file: Blob }
  | { kind: 'remove-logo' }
  | { kind: 'consent'; sponsorshipId: number; show: boolean };

export function useChangeSponsorProfile(viewer: ProfileViewer) {
  const queryClient = useQueryClient();
  const options = { schema: ZSponsorProfileResponse, auth: authOf(viewer) };
  return useMutation({
    mutationFn: (change: ProfileChange): Promise<SponsorProfileResponse> => {
      switch (change.kind) {
        case 'save':
          return api.put('/sponsor-profile', change.body, options);
        case 'logo':
          return api.put('/sponsor-profile/logo', change.file, options);
        case 'remove-logo':
          return api.delete('/sponsor-profile/logo', options);
        case 'consent':
          return api.put(`/sponsorships/${change.sponsorshipId}/wall-consent`, { show_on_wall: change.show }, options);
      }
    },
    onSuccess: (answer) => queryClient.setQueryData(sponsorProfileQueryOptions(viewer).queryKey, answer),
  });
}
