import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCreateInvitationResponse, type InvitationWire } from '@sp/shared';
import { api } from '@/lib/api-client';
import { teamMembersQueryOptions } from './list-team-members';
import { teamInvitationsQueryOptions } from './team-invitations';

/** POST /invitations: the server takes the inviter's own organisation and role (spec section 6). */
export function createInvitation(email: string): Promise<InvitationWire> {
  return api.post('/invitations', { email }, { schema: ZCreateInvitationResponse });
}

export function useCreateInvitation(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamMembersQueryOptions(organisationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: teamInvitationsQueryOptions(organisationId).queryKey }),
      ]),
  });
}
