// The team page's invitations (issue 21, point 5): listed with state and expiry; resend (mailed) or a
// new link to copy, each replacing the earlier link (only hashes are stored); revoke.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZListTeamInvitationsResponse,
  ZRenewTeamInvitationResponse,
  ZTeamInvitation,
  type TeamInvitationWire,
} from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function teamInvitationsQueryOptions(organisationId: number) {
  return queryOptions({
    queryKey: queryKeys.teamInvitations(organisationId),
    queryFn: ({ signal }): Promise<TeamInvitationWire[]> =>
      api.get(`/organisation/${organisationId}/team-invitations`, { schema: ZListTeamInvitationsResponse, signal }),
  });
}

export type TeamInvitationAction = 'resend' | 'link' | 'revoke';

/** Answers the new link for resend and link, nothing for revoke. */
async function act(id: number, action: TeamInvitationAction): Promise<string | null> {
  if (action === 'revoke') {
    await api.delete(`/team-invitations/${id}`, { schema: ZTeamInvitation });
    return null;
  }
  const renewed = await api.post(`/team-invitations/${id}/${action}`, undefined, {
    schema: ZRenewTeamInvitationResponse,
  });
  return renewed.url;
}

export function useTeamInvitationAction(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: TeamInvitationAction }) => act(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamInvitationsQueryOptions(organisationId).queryKey }),
  });
}
