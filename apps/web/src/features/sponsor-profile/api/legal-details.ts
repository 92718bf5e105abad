// The sponsor's legal and billing details: GET/PUT /sponsor-profile/legal, with the account or the
// invitation link. Agreements and invoices are made out to what is saved here.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZSponsorLegalDetailsResponse, type SponsorLegalDetailsInput } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { authOf, type ProfileViewer } from './sponsor-profile';

export function sponsorLegalDetailsQueryOptions(viewer: ProfileViewer) {
  return queryOptions({
    queryKey: queryKeys.sponsorLegalDetails(viewer.kind === 'guest' ? `guest:${viewer.email}` : 'me'),
    queryFn: ({ signal }) =>
      api.get('/sponsor-profile/legal', { schema: ZSponsorLegalDetailsResponse, auth: authOf(viewer), signal }),
    retry: false,
  });
}

/** The saved details (null until entered), for flows that need them before going on. */
export const useSponsorLegalDetails = (viewer: ProfileViewer) => useQuery(sponsorLegalDetailsQueryOptions(viewer));

export function useSaveSponsorLegalDetails(viewer: ProfileViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SponsorLegalDetailsInput) =>
      api.put('/sponsor-profile/legal', body, { schema: ZSponsorLegalDetailsResponse, auth: authOf(viewer) }),
    onSuccess: (answer) => {
      queryClient.setQueryData(sponsorLegalDetailsQueryOptions(viewer).queryKey, answer);
      // An agreement not yet signed is drawn up with these details: its card on the same page shows
      // the new ones without a reload.
      void queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships.all });
    },
  });
}
