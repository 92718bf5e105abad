/** GET /users/{organisationId}: the organisation's members (spec: never stale, invalidated on change). */
import { queryOptions } from '@tanstack/react-query';
import { STALE_TIMES, ZListTeamMembersResponse, type TeamMemberWire } from '@sp/shared';
import { api } from '@/lib/api-client';
import { teamMembersPath } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

export type TeamMember = {
  email: string;
  cognitoId: string;
  organisationRole: TeamMemberWire['organisation_role'];
};

export async function listTeamMembers(
  organisationId: number,
  options: { signal?: AbortSignal } = {},
): Promise<TeamMember[]> {
  const members = await api.get(teamMembersPath(organisationId), {
    schema: ZListTeamMembersResponse,
    signal: options.signal,
  });
  return members.map((member) => ({
    email: member.email,
    cognitoId: member.cognito_id,
    organisationRole: member.organisation_role,
  }));
}

export function teamMembersQueryOptions(organisationId: number) {
  return queryOptions({
    queryKey: queryKeys.teamMembers(organisationId),
    queryFn: ({ signal }) => listTeamMembers(organisationId, { signal }),
    staleTime: STALE_TIMES.teamMembers,
  });
}
