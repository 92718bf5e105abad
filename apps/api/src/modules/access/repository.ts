// The reads the access rules need, and only those: a member's organisation, role and onboarding with
// the organisation's revision (one round trip, decisions 013 and 014), an event's record, and whether
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
  // The access checks of every event request (decision 013); the event list's also reads its cache
  // version, the revision of the caller's organisation, in the same round trip (decision 014).
  const membershipOf = cachedRead(db, ['user_profiles', 'organisations'], (cognitoId: string) =>
    db
      .selectFrom('user_profiles as p')
      .leftJoin('organisations as o', 'o.id', 'p.organisation_id')
      .select(['p.organisation_id', 'p.role', 'p.onboarding_completed', 'o.revision'])
      .where('p.cognito_id', '=', cognitoId),
  );

  // Every event page read checks its event first (organiserEventRevision).
  const eventById = cachedRead(db, ['events'], (id: number) =>
    db.selectFrom('events').select(eventColumns).where('id', '=', id),
  );

  /**
   * The membership and the revision of the member's organisation (moved forward by every change its
   * event list shows, migration 0012), read together; revision 0 without an organisation.
   */
  const membershipAndRevision = async (
    cognitoId: string,
  ): Promise<{ membership: Membership; organisationRevision: number } | undefined> => {
    const [row] = await membershipOf(cognitoId);
    if (!row) return undefined;
    return {
      membership: {
        organisationId: row.organisation_id,
        role: row.role as Role | null,
        onboardingCompleted: fromDbBool(row.onboarding_completed),
      },
      organisationRevision: row.revision ?? 0,
    };
  };

  return {
    findMembershipAndRevision: membershipAndRevision,

    async findMembership(cognitoId: string): Promise<Membership | undefined> {
      return (await membershipAndRevision(cognitoId))?.membership;
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
