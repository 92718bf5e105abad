// A sponsorship's deliverables and their activity: GET /sponsorships/{id}/deliverables for both
// parties (the sponsor also by the invitation link), the sponsor's input and either party's comment.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDeliverable, ZSponsorshipDeliverablesResponse } from '@sp/shared';
import { api, type ApiAuth } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user, or a sponsor with the invitation link. */
export type DeliverableViewer = { kind: 'user' } | { kind: 'guest'; token: string; email: string };

export const authOf = (viewer: DeliverableViewer): ApiAuth =>
  viewer.kind === 'guest' ? { guest: { token: viewer.token, email: viewer.email } } : 'bearer';
const viewerKey = (viewer: DeliverableViewer) => (viewer.kind === 'guest' ? `guest:${viewer.email}` : 'me');

export function sponsorshipDeliverablesQueryOptions(sponsorshipId: number, viewer: DeliverableViewer) {
  return queryOptions({
    queryKey: queryKeys.fulfilment.ofSponsorship(sponsorshipId, viewerKey(viewer)),
    queryFn: ({ signal }) =>
      api.get(`/sponsorships/${sponsorshipId}/deliverables`, {
        schema: ZSponsorshipDeliverablesResponse,
        auth: authOf(viewer),
        signal,
      }),
    retry: false,
  });
}

export function useProvideInput(viewer: DeliverableViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      api.put(`/deliverables/${id}/input`, { text }, { schema: ZDeliverable, auth: authOf(viewer) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.fulfilment.all }),
  });
}

export function useAddComment(viewer: DeliverableViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      api.post(`/deliverables/${id}/comments`, { text }, { schema: ZDeliverable, auth: authOf(viewer) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.fulfilment.all }),
  });
}
