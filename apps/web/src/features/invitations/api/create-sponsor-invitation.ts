import { useMutation } from '@tanstack/react-query';
import { ZCreateSponsorInvitationResponse, type CreateSponsorInvitationRequest } from '@sp/shared';
import { api } from '@/lib/api-client';

/** POST /sponsor-invitation: invites a sponsor to one of the organisation's events. */
export function createSponsorInvitation(input: CreateSponsorInvitationRequest) {
  return api.post('/sponsor-invitation', input, { schema: ZCreateSponsorInvitationResponse });
}

export function useCreateSponsorInvitation() {
  return useMutation({ mutationFn: createSponsorInvitation });
}
