import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamMembersQueryOptions } from './list-team-members';

/** DELETE /users/{organisationId}/{cognitoId} (owners only; the last owner stays). */
export async function removeTeamMember(organisationId: number, cognitoId: string): Promise<void> {
  await api.delete(`/users/${organisationId}/${encodeURIComponent(cognitoId)}`);
}

export function useRemoveTeamMember(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cognitoId: string) => removeTeamMember(organisationId, cognitoId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamMembersQueryOptions(organisationId).queryKey }),
  });
}
