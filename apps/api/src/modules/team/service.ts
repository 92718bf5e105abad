// Team rules: any member of an organisation sees its members; only its owner removes them, and never
// the last owner. Authorisation reads the caller's profile on every request, so a removed member is
// refused at once.
import type { TeamMemberWire } from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import type { Profile } from '../profiles/index.ts';
import type { TeamRepository } from './repository.ts';

export type TeamCaller = { sub: string };

/** What the team rules need of the profiles module, which owns the memberships. */
export type TeamProfiles = {
  findByCognitoId(cognitoId: string): Promise<Profile | undefined>;
  /** `by`: the owner's address, for the operator log. */
  removeMember(organisationId: number, cognitoId: string, now: Date, by: string): Promise<void>;
};

export function createTeamService(deps: { repo: TeamRepository; profiles: TeamProfiles; clock?: () => Date }) {
  const { repo, profiles } = deps;
  const now = deps.clock ?? (() => new Date());

  const membership = async (caller: TeamCaller, organisationId: number) => {
    const profile = await profiles.findByCognitoId(caller.sub);
    if (!profile || profile.organisationId !== organisationId)
      throw fail('team.not-member', 'Not a member of this organisation');
    return profile;
  };

  return {
    /** GET /users/{organisationId} */
    async listMembers(caller: TeamCaller, organisationId: number): Promise<TeamMemberWire[]> {
      await membership(caller, organisationId);
      const members = await repo.listMembers(organisationId);
      return members.map((m) => ({
        email: m.email,
        cognito_id: m.cognitoId,
        organisation_role: m.organisationRole,
        role: m.role,
      }));
    },

    /** DELETE /users/{organisationId}/{cognitoId} */
    async removeMember(caller: TeamCaller, organisationId: number, cognitoId: string): Promise<void> {
      const profile = await membership(caller, organisationId);
      if (profile.organisationRole !== 'owner')
        throw fail('organisation.owner-only', "Only the organisation's owner can remove members");
      await profiles.removeMember(organisationId, cognitoId, now(), profile.email);
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
