// The next edition and renewals (decision 101): planning (POST /event/{id}/next-edition), the renewal
// view of an event (GET /events/{id}/renewals, also the event's packages for the planning form), the
// offers in one step and a reminder; the sponsor's offer with accepting and declining.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZOfferRenewalsResponse,
  ZPlanNextEditionResponse,
  ZRemindRenewalResponse,
  ZRenewalsResponse,
  ZSponsorRenewalResponse,
  type OfferRenewalsRequest,
  type PlanNextEditionRequest,
} from '@sp/shared';
import { api, type ApiAuth } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type RenewalViewer = { kind: 'user' } | { kind: 'guest'; token: string; email: string };
const authOf = (viewer: RenewalViewer): ApiAuth =>
  viewer.kind === 'guest' ? { guest: { token: viewer.token, email: viewer.email } } : 'bearer';
const viewerKey = (viewer: RenewalViewer) => (viewer.kind === 'guest' ? `guest:${viewer.email}` : 'me');

export function renewalsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: queryKeys.renewals.ofEvent(eventId),
    queryFn: ({ signal }) => api.get(`/events/${eventId}/renewals`, { schema: ZRenewalsResponse, signal }),
    staleTime: 10_000,
  });
}

export function usePlanNextEdition(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanNextEditionRequest) =>
      api.post(`/event/${eventId}/next-edition`, body, { schema: ZPlanNextEditionResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  });
}

export function useOfferRenewals(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferRenewalsRequest) =>
      api.post(`/events/${eventId}/renewals`, body, { schema: ZOfferRenewalsResponse }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.renewals.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships.all }),
      ]),
  });
}

export function useRemindRenewal(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: number) =>
      api.post(`/renewal-offers/${offerId}/reminder`, undefined, { schema: ZRemindRenewalResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.renewals.ofEvent(eventId) }),
  });
}

export function sponsorRenewalQueryOptions(sponsorshipId: number, viewer: RenewalViewer) {
  return queryOptions({
    queryKey: queryKeys.renewals.ofSponsorship(sponsorshipId, viewerKey(viewer)),
    queryFn: ({ signal }) =>
      api.get(`/sponsorships/${sponsorshipId}/renewal`, {
        schema: ZSponsorRenewalResponse,
        auth: authOf(viewer),
        signal,
      }),
    retry: false,
  });
}

/** Accepting chooses the package, so the sponsor's other steps (packages, agreement) refetch too. */
export function useAnswerRenewal(sponsorshipId: number, viewer: RenewalViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { accept: true; packageId: number } | { accept: false }) =>
      answer.accept
        ? api.post(
            `/sponsorships/${sponsorshipId}/renewal/accept`,
            { package_id: answer.packageId },
            { schema: ZSponsorRenewalResponse, auth: authOf(viewer) },
          )
        : api.post(`/sponsorships/${sponsorshipId}/renewal/decline`, undefined, {
            schema: ZSponsorRenewalResponse,
            auth: authOf(viewer),
          }),
    onSuccess: (answer) => queryClient.setQueryData(sponsorRenewalQueryOptions(sponsorshipId, viewer).queryKey, answer),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.packages.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships.all }),
      ]),
  });
}
