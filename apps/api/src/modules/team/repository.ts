// The members of an organisation (profiles carrying its id), read; removing one is the profiles
// module's write.
import type { Role } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import type { OrganisationRole } from '../profiles/index.ts';

export type TeamMember = {
  cognitoId: string;
  email: string;
  organisationRole: OrganisationRole;
  role: Role | null;
};

export function createTeamRepository(db: Db) {
  return {
    /** Owners first, then by e-mail. */
    async listMembers(organisationId: number): Promise<TeamMember[]> {
      const rows = await db
        .selectFrom('user_profiles')
        .select(['cognito_id', 'email', 'email_normalized', 'organisation_role', 'role'])
        .where('organisation_id', '=', organisationId)
        .orderBy('email_normalized')
        .execute();
      const members = rows.map((row) => ({
        cognitoId: row.cognito_id,
        email: row.email,
        organisationRole: (row.organisation_role === 'owner' ? 'owner' : 'member') as OrganisationRole,
        role: row.role as Role | null,
      }));
      return [
        ...members.filter((m) => m.organisationRole === 'owner'),
        ...members.filter((m) => m.organisationRole !== 'owner'),
      ];
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
