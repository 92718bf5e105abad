// The decisions on a sponsorship: organisers confirm or decline it and change its amount, the sponsor
// withdraws it. Each answer is the changed sponsorship; the lists and counters that show it refetch.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ZSponsorship, type ChangeSponsorshipStatusRequest } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { authOf, toSponsorship, type Sponsorship, type SponsorViewer } from './sponsorship';

export type SponsorshipDecision = ChangeSponsorshipStatusRequest['status'];

/** POST /sponsorships/{id}/status */
export async function changeSponsorshipStatus(
  id: number,
  status: SponsorshipDecision,
  viewer: SponsorViewer,
): Promise<Sponsorship> {
  const wire = await api.post(`/sponsorships/${id}/status`, { status }, { schema: ZSponsorship, auth: authOf(viewer) });
  return toSponsorship(wire);
}

/** PATCH /sponsorships/{id} */
export async function changeSponsorshipAmount(id: number, amountCents: number): Promise<Sponsorship> {
  const wire = await api.request(`/sponsorships/${id}`, {
    method: 'PATCH',
    body: { amount_cents: amountCents },
    schema: ZSponsorship,
  });
  return toSponsorship(wire);
}

/** Every view of sponsorships, their deliverables (a confirmation makes them), the event list's counters and the organisation's open tasks. */
function refreshAfterChange(queryClient: QueryClient, changed: Sponsorship): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.fulfilment.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.organiserTasks(changed.organisationId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.organiserProgress(changed.organisationId) }),
  ]);
}

export function useChangeSponsorshipStatus(viewer: SponsorViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: SponsorshipDecision }) =>
      changeSponsorshipStatus(id, status, viewer),
    onSuccess: (changed) => refreshAfterChange(queryClient, changed),
  });
}

export function useChangeSponsorshipAmount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amountCents }: { id: number; amountCents: number }) => changeSponsorshipAmount(id, amountCents),
    onSuccess: (changed) => refreshAfterChange(queryClient, changed),
  });
}
