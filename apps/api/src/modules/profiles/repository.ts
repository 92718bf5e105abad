// User profiles and their organisations. The organisation holds the master data (address, phone);
// the profile holds the person's role, organisation membership and onboarding state.
import type { Db } from '../../db/index.ts';
import { heldRows } from '../../db/held-rows.ts';
import { fromDbBool, fromDbTime, toDbBool, toDbTime } from '../../db/values.ts';
import type { MasterData, Role } from '@sp/shared';
import { normaliseEmail } from '../../lib/email.ts';
import { fail } from '../../lib/errors.ts';
import { recordOperatorEntry } from '../operator-log/index.ts';

export type OrganisationRole = 'owner' | 'member';

export type Organisation = {
  id: number;
  name: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
  phoneNumber: string | null;
  updatedAt: Date;
};

export type Profile = {
  cognitoId: string;
  email: string;
  role: Role | null;
  organisationId: number | null;
  organisationRole: OrganisationRole | null;
  profilePicture: string | null;
  onboardingCompleted: boolean;
  language: string | null;
  updatedAt: Date;
  organisation: Organisation | null;
};

const masterDataColumns = (data: MasterData) => ({
  name: data.organisation_name,
  street: data.street,
  house_number: data.house_number,
  postal_code: data.postal_code,
  city: data.city,
  country: data.country,
  phone_number: data.phone_number ?? null,
});

/** The sponsorships module's write that deleting an account makes in its own transaction. */
export type ProfileDeletionWrites = { forgetSponsorAccount(trx: Db, cognitoId: string): Promise<void> };

/** The name of the organisation the user `cognitoId` belongs to, or null (a read; no writes needed). */
export async function findOrganisationName(db: Db, cognitoId: string): Promise<string | null> {
  const row = await db
    .selectFrom('user_profiles as p')
    .innerJoin('organisations as o', 'o.id', 'p.organisation_id')
    .select('o.name')
    .where('p.cognito_id', '=', cognitoId)
    .executeTakeFirst();
  return row?.name ?? null;
}

export function createProfilesRepository(db: Db, sponsorships: ProfileDeletionWrites) {
  return {
    /**
     * Makes the user a member of the organisation (an accepted team invitation, inside its
     * transaction); 409 when the user already belongs to one.
     */
    async joinOrganisation(
      trx: Db,
      member: {
        sub: string;
        email: string;
        emailNormalized: string;
        role: string | null;
        organisationId: number;
        now: Date;
      },
    ): Promise<void> {
      const existing = await trx
        .selectFrom('user_profiles')
        .select('organisation_id')
        .where('cognito_id', '=', member.sub)
        .executeTakeFirst();
      if (existing && existing.organisation_id !== null)
        throw fail('organisation.already-member', 'Already a member of an organisation');
      const values = {
        email: member.email,
        email_normalized: member.emailNormalized,
        role: member.role,
        organisation_id: member.organisationId,
        organisation_role: 'member',
        onboarding_completed: toDbBool(true),
        updated_at: toDbTime(member.now),
      };
      await trx
        .insertInto('user_profiles')
        .values({ cognito_id: member.sub, created_at: toDbTime(member.now), ...values })
        .onConflict((oc) => oc.column('cognito_id').doUpdateSet(values))
        .execute();
      await recordOperatorEntry(trx, {
        organisationId: member.organisationId,
        actor: { kind: 'user', email: member.email },
        action: 'team.member-joined',
        details: { email: member.email, role: member.role ?? '' },
        at: member.now,
      });
    },

    /** The caller's own settings; false when there is no profile. */
    async updateSettings(
      cognitoId: string,
      settings: { language?: string; chatEmailNotices?: boolean; fulfilmentDigest?: boolean; dashboardView?: string },
      now: Date,
    ): Promise<boolean> {
      const updated = await db
        .updateTable('user_profiles')
        .set({
          updated_at: toDbTime(now),
          ...(settings.language !== undefined ? { language: settings.language } : {}),
          ...(settings.chatEmailNotices !== undefined
            ? { chat_email_notices: toDbBool(settings.chatEmailNotices) }
            : {}),
          ...(settings.fulfilmentDigest !== undefined
            ? { fulfilment_digest: toDbBool(settings.fulfilmentDigest) }
            : {}),
          ...(settings.dashboardView !== undefined ? { dashboard_view: settings.dashboardView } : {}),
        })
        .where('cognito_id', '=', cognitoId)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /**
     * Takes the member out of the organisation: no organisation, no organisation role, onboarding to
     * be done again. 404 when not a member; 409 when it would leave the organisation without an owner.
     */
    async removeMember(organisationId: number, cognitoId: string, now: Date, by: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const member = await trx
          .selectFrom('user_profiles')
          .select(['organisation_role', 'email'])
          .where('cognito_id', '=', cognitoId)
          .where('organisation_id', '=', organisationId)
          .executeTakeFirst();
        if (!member) throw fail('team.member-not-found', 'Not a member of this organisation');
        if (member.organisation_role === 'owner') {
          const owners = await trx
            .selectFrom('user_profiles')
            .select('cognito_id')
            .where('organisation_id', '=', organisationId)
            .where('organisation_role', '=', 'owner')
            .execute();
          if (owners.length <= 1) throw fail('team.last-owner', 'The last owner of an organisation cannot be removed');
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
        await recordOperatorEntry(trx, {
          organisationId,
          actor: { kind: 'user', email: by },
          action: 'team.member-removed',
          details: { email: member.email },
          at: now,
        });
      });
    },
    async findByCognitoId(cognitoId: string): Promise<Profile | undefined> {
      const row = await db
        .selectFrom('user_profiles as p')
        .leftJoin('organisations as o', 'o.id', 'p.organisation_id')
        .select([
          'p.cognito_id',
          'p.email',
          'p.role',
          'p.organisation_id',
          'p.organisation_role',
          'p.profile_picture',
          'p.onboarding_completed',
          'p.language',
          'p.updated_at',
          'o.name as org_name',
          'o.street as org_street',
          'o.house_number as org_house_number',
          'o.postal_code as org_postal_code',
          'o.city as org_city',
          'o.country as org_country',
          'o.phone_number as org_phone_number',
          'o.updated_at as org_updated_at',
        ])
        .where('p.cognito_id', '=', cognitoId)
        .executeTakeFirst();
      if (!row) return undefined;
      const organisation: Organisation | null =
        row.organisation_id !== null && row.org_name !== null
          ? {
              id: row.organisation_id,
              name: row.org_name,
              street: row.org_street ?? '',
              houseNumber: row.org_house_number ?? '',
              postalCode: row.org_postal_code ?? '',
              city: row.org_city ?? '',
              country: row.org_country ?? '',
              phoneNumber: row.org_phone_number,
              updatedAt: fromDbTime(row.org_updated_at ?? row.updated_at),
            }
          : null;
      return {
        cognitoId: row.cognito_id,
        email: row.email,
        role: row.role as Role | null,
        organisationId: row.organisation_id,
        organisationRole: row.organisation_role as OrganisationRole | null,
        profilePicture: row.profile_picture,
        onboardingCompleted: fromDbBool(row.onboarding_completed),
        language: row.language,
        updatedAt: fromDbTime(row.updated_at),
        organisation,
      };
    },

    /** Onboarding step 2: the organisation is created and the user becomes its owner, in one transaction. */
    async completeOnboarding(
      input: { cognitoId: string; email: string; role: Role; masterData: MasterData },
      now: Date,
    ) {
      await db.transaction().execute(async (trx) => {
        const org = await trx
          .insertInto('organisations')
          .values({ ...masterDataColumns(input.masterData), created_at: toDbTime(now), updated_at: toDbTime(now) })
          .returning('id')
          .executeTakeFirstOrThrow();
        const values = {
          email: input.email,
          email_normalized: normaliseEmail(input.email),
          role: input.role,
          organisation_id: org.id,
          organisation_role: 'owner',
          onboarding_completed: toDbBool(true),
          updated_at: toDbTime(now),
        };
        await trx
          .insertInto('user_profiles')
          .values({ cognito_id: input.cognitoId, created_at: toDbTime(now), ...values })
          .onConflict((oc) => oc.column('cognito_id').doUpdateSet(values))
          .execute();
      });
    },

    /** A member's change goes into the organisation's operator log with it (decision 077). */
    async updateRole(cognitoId: string, role: Role, now: Date) {
      await db.transaction().execute(async (trx) => {
        // The row as it was, locked on PostgreSQL, so that the entry names the role it replaced.
        const before = await heldRows(
          trx,
          trx
            .selectFrom('user_profiles')
            .select(['role', 'email', 'organisation_id'])
            .where('cognito_id', '=', cognitoId),
        ).executeTakeFirst();
        await trx
          .updateTable('user_profiles')
          .set({ role, updated_at: toDbTime(now) })
          .where('cognito_id', '=', cognitoId)
          .execute();
        if (before?.organisation_id == null || before.role === role) return;
        await recordOperatorEntry(trx, {
          organisationId: before.organisation_id,
          actor: { kind: 'user', email: before.email },
          action: 'profile.role-changed',
          details: { email: before.email, from: before.role ?? '', to: role },
          at: now,
        });
      });
    },

    async updateOrganisation(organisationId: number, masterData: MasterData, now: Date) {
      await db
        .updateTable('organisations')
        .set({ ...masterDataColumns(masterData), updated_at: toDbTime(now) })
        .where('id', '=', organisationId)
        .execute();
    },

    async countMembers(organisationId: number): Promise<number> {
      const row = await db
        .selectFrom('user_profiles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organisation_id', '=', organisationId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Removes the profile; when it was the organisation's last member the organisation goes too,
     * after `beforeOrganisationDeleted` ran in the same transaction (the agreement archive copies
     * what must be kept). Later modules (events, files, sponsorships) hang off the organisation with
     * ON DELETE CASCADE. Sponsorships elsewhere that this account accepted forget its id; they stay
     * with their organisation, under the sponsor's address.
     */
    async deleteProfile(
      cognitoId: string,
      options: { beforeOrganisationDeleted?: (organisationId: number, trx: Db) => Promise<unknown> } = {},
    ): Promise<{ deletedOrganisationId: number | null }> {
      return db.transaction().execute(async (trx) => {
        const profile = await trx
          .selectFrom('user_profiles')
          .select('organisation_id')
          .where('cognito_id', '=', cognitoId)
          .executeTakeFirst();
        await trx.deleteFrom('user_profiles').where('cognito_id', '=', cognitoId).execute();
        await sponsorships.forgetSponsorAccount(trx, cognitoId);
        const organisationId = profile?.organisation_id ?? null;
        if (organisationId === null) return { deletedOrganisationId: null };
        const remaining = await trx
          .selectFrom('user_profiles')
          .select('cognito_id')
          .where('organisation_id', '=', organisationId)
          .executeTakeFirst();
        if (remaining) return { deletedOrganisationId: null };
        await options.beforeOrganisationDeleted?.(organisationId, trx);
        await trx.deleteFrom('organisations').where('id', '=', organisationId).execute();
        return { deletedOrganisationId: organisationId };
      });
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
