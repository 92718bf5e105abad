// The members of an organisation (profiles carrying its id). Removing a member and the last-owner
// check are one transaction.
import type { Role } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { toDbBool, toDbTime } from '../../db/values.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { OrganisationRole } from '../profiles/repository.ts';

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

    /**
     * Takes the member out of the organisation: no organisation, no organisation role, onboarding to
     * be done again. 404 when not a member; 409 when it would leave the organisation without an owner.
     */
    async removeMember(organisationId: number, cognitoId: string, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const member = await trx
          .selectFrom('user_profiles')
          .select('organisation_role')
          .where('cognito_id', '=', cognitoId)
          .where('organisation_id', '=', organisationId)
          .executeTakeFirst();
        if (!member) throw notFound('Not a member of this organisation');
        if (member.organisation_role === 'owner') {
          const owners = await trx
            .selectFrom('user_profiles')
            .select('cognito_id')
            .where('organisation_id', '=', organisationId)
            .where('organisation_role', '=', 'owner')
            .execute();
          if (owners.length <= 1) throw conflict('The last owner of an organisation cannot be removed');
        }
        await trx
          .updateTable('user_profiles')
          .set({
            organisation_id: null,
            organisation_role: null,
            onboarding_completed: toDbBool(false),
            updated_at: toDbTime(now),
          })
          .where('cognito_id', '=', cognitoId)
          .where('organisation_id', '=', organisationId)
          .execute();
      });
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
