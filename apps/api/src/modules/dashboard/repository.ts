// The facts behind the organiser's first steps: the organisation's master data and how many events,
// invitations (team and sponsor, also sponsorships whose invitation is gone) and members it has.
import type { Db } from '../../db/index.ts';
import { fromDbCount } from '../../db/values.ts';

export type OrganisationProgressFacts = {
  name: string;
  profileComplete: boolean;
  events: number;
  invitations: number;
  members: number;
};

const filled = (value: string | null) => value !== null && value.trim() !== '';

export function createDashboardRepository(db: Db) {
  const count = async (
    table: 'events' | 'invitations' | 'sponsorships' | 'user_profiles',
    organisationId: number,
  ): Promise<number> => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organisation_id', '=', organisationId)
      .executeTakeFirstOrThrow();
    return fromDbCount(row.n as number | string | bigint);
  };

  return {
    async progressFacts(organisationId: number): Promise<OrganisationProgressFacts | undefined> {
      const organisation = await db
        .selectFrom('organisations')
        .select(['name', 'street', 'house_number', 'postal_code', 'city', 'country', 'phone_number'])
        .where('id', '=', organisationId)
        .executeTakeFirst();
      if (!organisation) return undefined;
      const [events, invitations, sponsorships, members] = await Promise.all([
        count('events', organisationId),
        count('invitations', organisationId),
        count('sponsorships', organisationId),
        count('user_profiles', organisationId),
      ]);
      const { name, street, house_number, postal_code, city, country, phone_number } = organisation;
      return {
        name,
        profileComplete: [name, street, house_number, postal_code, city, country, phone_number].every(filled),
        events,
        invitations: Math.max(invitations, sponsorships),
        members,
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
