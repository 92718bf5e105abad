import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCreateSponsorInvitationResponse, type CreateSponsorInvitationRequest } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /sponsor-invitation: invites a sponsor to one of the organisation's events. */
export function createSponsorInvitation(input: CreateSponsorInvitationRequest) {
  return api.post('/sponsor-invitation', input, { schema: ZCreateSponsorInvitationResponse });
}

export function useCreateSponsorInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSponsorInvitation,
    // The event's sponsorship list (features/sponsorships) and its counters change.
    onSuccess: (_data, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships.ofEvent(input.event_id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
      ]),
  });
}
