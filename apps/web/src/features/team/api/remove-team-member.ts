import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamMembersQueryOptions } from './list-team-members';
import { operatorLogQueryOptions } from './operator-log';

/** DELETE /users/{organisationId}/{cognitoId} (owners only; the last owner stays). */
export async function removeTeamMember(organisationId: number, cognitoId: string): Promise<void> {
  await api.delete(`/users/${organisationId}/${encodeURIComponent(cognitoId)}`);
}

export function useRemoveTeamMember(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cognitoId: string) => removeTeamMember(organisationId, cognitoId),
    // The owner's change log shows the removal too (decision 077).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamMembersQueryOptions(organisationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: operatorLogQueryOptions(organisationId).queryKey }),
      ]),
  });
}
