// Sponsor tickets (issue 59 point 5): a sponsorship's seats and the people named (both parties; the
// sponsor also by the invitation link), naming, changing and removing people; an event's list, its
// CSV and the door's check-in (organisers).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCheckInResponse, ZEventTicketsResponse, ZSponsorshipTicketsResponse } from '@sp/shared';
import { api, type ApiAuth } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/file-transfer';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user, or a sponsor with the invitation link. */
export type TicketViewer = { kind: 'user' } | { kind: 'guest'; token: string; email: string };

const authOf = (viewer: TicketViewer): ApiAuth =>
  viewer.kind === 'guest' ? { guest: { token: viewer.token, email: viewer.email } } : 'bearer';
const viewerKey = (viewer: TicketViewer) => (viewer.kind === 'guest' ? `guest:${viewer.email}` : 'me');

export function sponsorshipTicketsQueryOptions(sponsorshipId: number, viewer: TicketViewer) {
  return queryOptions({
    queryKey: queryKeys.tickets.ofSponsorship(sponsorshipId, viewerKey(viewer)),
    queryFn: ({ signal }) =>
      api.get(`/sponsorships/${sponsorshipId}/tickets`, {
        schema: ZSponsorshipTicketsResponse,
        auth: authOf(viewer),
        signal,
      }),
    retry: false,
  });
}

export function eventTicketsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: queryKeys.tickets.ofEvent(eventId),
    queryFn: ({ signal }) => api.get(`/event/${eventId}/tickets`, { schema: ZEventTicketsResponse, signal }),
    staleTime: 10_000,
  });
}

type Person = { name: string; email: string };

export function useNameTicketHolder(sponsorshipId: number, viewer: TicketViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Person & { deliverable_id: number }) =>
      api.post(`/sponsorships/${sponsorshipId}/tickets`, body, {
        schema: ZSponsorshipTicketsResponse,
        auth: authOf(viewer),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all }),
  });
}

/** Gives a seat to another person: the old ticket stops working, the new person gets a mail. */
export function useChangeTicketHolder(viewer: TicketViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...person }: Person & { id: number }) =>
      api.put(`/tickets/${id}`, person, { schema: ZSponsorshipTicketsResponse, auth: authOf(viewer) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all }),
  });
}

export function useRemoveTicketHolder(viewer: TicketViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete(`/tickets/${id}`, { schema: ZSponsorshipTicketsResponse, auth: authOf(viewer) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all }),
  });
}

export function useCheckIn(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post(`/event/${eventId}/check-in`, { code }, { schema: ZCheckInResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tickets.ofEvent(eventId) }),
  });
}

export async function downloadTicketsCsv(eventId: number): Promise<void> {
  const { data } = await api.getBlob(`/event/${eventId}/tickets.csv`);
  saveBlobAs(data, `tickets-event-${eventId}-${new Date().toISOString().slice(0, 10)}.csv`);
}
