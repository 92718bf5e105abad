// Reads of an organisation for other modules (the agreements module's master data and recipients),
// by id rather than by a member's account, and whether an address has an account at all.
import type { Db } from '../../db/index.ts';

export type OrganisationMasterData = {
  id: number;
  name: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
};

export function createOrganisationReads(db: Db) {
  return {
    async organisationMasterData(organisationId: number): Promise<OrganisationMasterData | null> {
      const row = await db
        .selectFrom('organisations')
        .select(['id', 'name', 'street', 'house_number', 'postal_code', 'city', 'country'])
        .where('id', '=', organisationId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        name: row.name,
        street: row.street,
        houseNumber: row.house_number,
        postalCode: row.postal_code,
        city: row.city,
        country: row.country,
      };
    },

    /** The addresses and languages of the organisation's organisers (veranstalter, beides) and its owners. */
    async organiserContacts(organisationId: number): Promise<Array<{ email: string; language: string | null }>> {
      return db
        .selectFrom('user_profiles')
        .select(['email', 'language'])
        .where('organisation_id', '=', organisationId)
        .where((eb) => eb.or([eb('role', 'in', ['veranstalter', 'beides']), eb('organisation_role', '=', 'owner')]))
        .orderBy('email')
        .execute();
    },

    /** Whether an account holds that address (a sponsor with one is sent to its dashboard, a guest is not). */
    async hasAccount(emailNormalized: string): Promise<boolean> {
      const row = await db
        .selectFrom('user_profiles')
        .select('cognito_id')
        .where('email_normalized', '=', emailNormalized)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
