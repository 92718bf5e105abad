// The reads the access rules need, and only those: a member's organisation, role and onboarding, an
// event's record, and whether
// an address or a guest link names a sponsorship. It only reads; the tables belong to profiles,
// events, invitations and sponsorships, which write them.
import type { Role } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { cachedRead } from '../../read-cache/index.ts';
import { fromDbBool, fromDbTime, fromDbTimeOrNull, toDbTime } from '../../db/values.ts';

export type EventRecord = {
  id: number;
  organisationId: number;
  title: string;
  eventDate: string;
  location: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
};

export type Membership = { organisationId: number | null; role: Role | null; onboardingCompleted: boolean };

export const eventColumns = [
  'id',
  'organisation_id',
  'title',
  'event_date',
  'location',
  'description',
  'created_at',
  'updated_at',
  'archived_at',
] as const;

export type EventRow = {
  id: number;
  organisation_id: number;
  title: string;
  event_date: string;
  location: string;
  description: string;
  created_at: string | Date;
  updated_at: string | Date;
  archived_at: string | Date | null;
};

export const toEvent = (row: EventRow): EventRecord => ({
  id: row.id,
  organisationId: row.organisation_id,
  title: row.title,
  eventDate: row.event_date,
  location: row.location,
  description: row.description,
  createdAt: fromDbTime(row.created_at),
  updatedAt: fromDbTime(row.updated_at),
  archivedAt: fromDbTimeOrNull(row.archived_at),
});

export function createAccessRepository(db: Db) {
  // The access checks of every event request, kept by the read cache (decision 094).
  const membershipOf = cachedRead(db, ['user_profiles'], (cognitoId: string) =>
    db
      .selectFrom('user_profiles')
      .select(['organisation_id', 'role', 'onboarding_completed'])
      .where('cognito_id', '=', cognitoId),
  );

  // Every event page read checks its event first (organiserEvent).
  const eventById = cachedRead(db, ['events'], (id: number) =>
    db.selectFrom('events').select(eventColumns).where('id', '=', id),
  );

  return {
    async findMembership(cognitoId: string): Promise<Membership | undefined> {
      const [row] = await membershipOf(cognitoId);
      if (!row) return undefined;
      return {
        organisationId: row.organisation_id,
        role: row.role as Role | null,
        onboardingCompleted: fromDbBool(row.onboarding_completed),
      };
    },

    async findEvent(id: number): Promise<EventRecord | undefined> {
      const [row] = await eventById(id);
      return row ? toEvent(row) : undefined;
    },

    /** Whether the account is the owner of that organisation (not a member, not another's owner). */
    async isOwnerOf(cognitoId: string, organisationId: number): Promise<boolean> {
      const row = await db
        .selectFrom('user_profiles')
        .select('cognito_id')
        .where('cognito_id', '=', cognitoId)
        .where('organisation_id', '=', organisationId)
        .where('organisation_role', '=', 'owner')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Guest access: an unexpired sponsor invitation for that event, presented with its own address. */
    async hasSponsorGuestAccess(
      tokenHash: string,
      emailNormalized: string,
      eventId: number,
      now: Date,
    ): Promise<boolean> {
      const row = await db
        .selectFrom('invitations')
        .select('id')
        .where('token_hash', '=', tokenHash)
        .where('kind', '=', 'sponsor')
        .where('email_normalized', '=', emailNormalized)
        .where('event_id', '=', eventId)
        .where('expires_at', '>', toDbTime(now))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The sponsorship of an unexpired sponsor invitation presented with its own address. */
    async guestSponsorshipId(tokenHash: string, emailNormalized: string, now: Date): Promise<number | null> {
      const row = await db
        .selectFrom('invitations')
        .select('sponsorship_id')
        .where('token_hash', '=', tokenHash)
        .where('kind', '=', 'sponsor')
        .where('email_normalized', '=', emailNormalized)
        .where('expires_at', '>', toDbTime(now))
        .executeTakeFirst();
      return row?.sponsorship_id ?? null;
    },

    async isSponsorOfSponsorship(emailNormalized: string, sponsorshipId: number): Promise<boolean> {
      const row = await db
        .selectFrom('sponsorships')
        .select('id')
        .where('id', '=', sponsorshipId)
        .where('sponsor_email_normalized', '=', emailNormalized)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A signed-in user is the sponsor of the event when the sponsorship names their address. */
    async isSponsorOfEvent(emailNormalized: string, eventId: number): Promise<boolean> {
      const row = await db
        .selectFrom('sponsorships')
        .select('id')
        .where('event_id', '=', eventId)
        .where('sponsor_email_normalized', '=', emailNormalized)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
