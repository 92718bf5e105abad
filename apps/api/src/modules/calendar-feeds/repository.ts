// The calendar-feeds module's table (migration 0043) and the reads of what a feed lists. A scope has
// at most one live feed (a partial unique index); rotating revokes the live one and adds the new one
// in one transaction, and a rotation that loses the race to another is retried on the winner's row.
import type { Db } from '../../db/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { CalendarFeedKind } from '../../db/schema-calendar-feeds.ts';
import { fromDbTime, fromDbTimeOrNull, toDbTime } from '../../db/values.ts';

export type FeedRecord = {
  id: number;
  organisationId: number;
  kind: CalendarFeedKind;
  personId: string | null;
  sponsorshipId: number | null;
  language: 'de' | 'en';
  revokedAt: Date | null;
};

export type NewFeed = Omit<FeedRecord, 'id' | 'revokedAt'> & {
  scopeKey: string;
  tokenHash: string;
  createdBy: string;
  at: Date;
};

/** The sponsorships whose dates a feed shows: not declined or withdrawn. */
const LIVE_STATUSES = ['invited', 'downloaded', 'signed', 'confirmed'] as const;

export type FeedScope =
  | { kind: 'organisation'; organisationId: number }
  | { kind: 'person'; organisationId: number; personId: string }
  | { kind: 'sponsor'; sponsorshipId: number };

export type EventRow = {
  id: number;
  title: string;
  date: string;
  location: string;
  description: string;
  updatedAt: Date;
};
export type DeliverableRow = {
  id: number;
  sponsorshipId: number;
  eventId: number;
  eventTitle: string;
  eventDate: string;
  eventUpdatedAt: Date;
  title: string;
  kind: string;
  status: 'open' | 'in_progress' | 'done' | 'waived';
  dueDate: string | null;
  sponsor: string;
  updatedAt: Date;
};
export type InvoiceRow = {
  id: number;
  sponsorshipId: number;
  eventTitle: string;
  number: string | null;
  dueDate: string;
  sponsor: string;
  updatedAt: Date;
};

export function createCalendarFeedsRepository(db: Db) {
  const rotateOnce = (feed: NewFeed) =>
    db.transaction().execute(async (trx) => {
      await trx
        .updateTable('calendar_feeds')
        .set({ revoked_at: toDbTime(feed.at) })
        .where('scope_key', '=', feed.scopeKey)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .insertInto('calendar_feeds')
        .values({
          organisation_id: feed.organisationId,
          kind: feed.kind,
          person_id: feed.personId,
          sponsorship_id: feed.sponsorshipId,
          scope_key: feed.scopeKey,
          token_hash: feed.tokenHash,
          language: feed.language,
          created_by: feed.createdBy,
          created_at: toDbTime(feed.at),
        })
        .execute();
    });

  return {
    /** Revokes the scope's live feed and adds the new one: afterwards exactly one is live. */
    async rotate(feed: NewFeed): Promise<void> {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await rotateOnce(feed);
          return;
        } catch (error) {
          // Another rotation of the same scope committed its live feed first; revoke that one.
          if (!isUniqueViolation(error) || attempt >= 5) throw error;
        }
      }
    },

    async revoke(scopeKey: string, at: Date): Promise<number> {
      const result = await db
        .updateTable('calendar_feeds')
        .set({ revoked_at: toDbTime(at) })
        .where('scope_key', '=', scopeKey)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The live feeds of these scopes, by scope key. */
    async live(scopeKeys: string[]): Promise<Map<string, Date>> {
      if (scopeKeys.length === 0) return new Map();
      const rows = await db
        .selectFrom('calendar_feeds')
        .select(['scope_key', 'created_at'])
        .where('scope_key', 'in', scopeKeys)
        .where('revoked_at', 'is', null)
        .execute();
      return new Map(rows.map((r) => [r.scope_key, fromDbTime(r.created_at)]));
    },

    async byTokenHash(tokenHash: string): Promise<FeedRecord | undefined> {
      const row = await db
        .selectFrom('calendar_feeds')
        .select(['id', 'organisation_id', 'kind', 'person_id', 'sponsorship_id', 'language', 'revoked_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return (
        row && {
          id: Number(row.id),
          organisationId: Number(row.organisation_id),
          kind: row.kind,
          personId: row.person_id,
          sponsorshipId: row.sponsorship_id === null ? null : Number(row.sponsorship_id),
          language: row.language === 'en' ? 'en' : 'de',
          revokedAt: fromDbTimeOrNull(row.revoked_at),
        }
      );
    },

    /** Whether the person still belongs to the organisation (a person feed ends when they leave). */
    async isMember(personId: string, organisationId: number): Promise<boolean> {
      const row = await db
        .selectFrom('user_profiles')
        .select('cognito_id')
        .where('cognito_id', '=', personId)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The scope's organisation for a sponsor feed; undefined when the sponsorship is gone. */
    async sponsorshipEvent(sponsorshipId: number): Promise<{ eventId: number; organisationId: number } | undefined> {
      const row = await db
        .selectFrom('sponsorships')
        .select(['event_id', 'organisation_id'])
        .where('id', '=', sponsorshipId)
        .executeTakeFirst();
      return row && { eventId: Number(row.event_id), organisationId: Number(row.organisation_id) };
    },

    /** The events a feed shows: the organisation's (not archived), or the one of a sponsorship. */
    async events(filter: { organisationId: number } | { eventId: number }): Promise<EventRow[]> {
      let q = db
        .selectFrom('events')
        .select(['id', 'title', 'event_date', 'location', 'description', 'updated_at'])
        .orderBy('event_date')
        .orderBy('id');
      q =
        'eventId' in filter
          ? q.where('id', '=', filter.eventId)
          : q.where('organisation_id', '=', filter.organisationId).where('archived_at', 'is', null);
      return (await q.execute()).map((r) => ({
        id: Number(r.id),
        title: r.title,
        date: r.event_date,
        location: r.location,
        description: r.description,
        updatedAt: fromDbTime(r.updated_at),
      }));
    },

    /** The deliverables (not waived) of live sponsorships in the scope, with their event and sponsor. */
    async deliverables(scope: FeedScope): Promise<DeliverableRow[]> {
      let q = db
        .selectFrom('deliverables as d')
        .innerJoin('sponsorships as s', 's.id', 'd.sponsorship_id')
        .innerJoin('events as e', 'e.id', 'd.event_id')
        .leftJoin('sponsor_profiles as sp', 'sp.email_normalized', 's.sponsor_email_normalized')
        .select([
          'd.id',
          'd.sponsorship_id',
          'd.event_id',
          'd.title',
          'd.kind',
          'd.status',
          'd.due_date',
          'd.updated_at',
          'e.title as event_title',
          'e.event_date',
          'e.updated_at as event_updated_at',
          's.sponsor_email',
          'sp.public_name',
        ])
        .where('d.status', '!=', 'waived')
        .where('s.status', 'in', [...LIVE_STATUSES])
        .orderBy('d.id');
      if (scope.kind === 'sponsor') q = q.where('d.sponsorship_id', '=', scope.sponsorshipId);
      else {
        q = q.where('d.organisation_id', '=', scope.organisationId).where('e.archived_at', 'is', null);
        if (scope.kind === 'person') q = q.where('d.assignee', '=', scope.personId);
      }
      return (await q.execute()).map((r) => ({
        id: Number(r.id),
        sponsorshipId: Number(r.sponsorship_id),
        eventId: Number(r.event_id),
        eventTitle: r.event_title,
        eventDate: r.event_date,
        eventUpdatedAt: fromDbTime(r.event_updated_at),
        title: r.title,
        kind: r.kind,
        status: r.status,
        dueDate: r.due_date,
        sponsor: r.public_name ?? r.sponsor_email,
        updatedAt: fromDbTime(r.updated_at),
      }));
    },

    /** Issued (unpaid, not cancelled) invoices with a due date, of the organisation or one sponsorship. */
    async invoices(filter: { organisationId: number } | { sponsorshipId: number }): Promise<InvoiceRow[]> {
      let q = db
        .selectFrom('invoices as i')
        .innerJoin('sponsorships as s', 's.id', 'i.sponsorship_id')
        .leftJoin('sponsor_profiles as sp', 'sp.email_normalized', 's.sponsor_email_normalized')
        .select([
          'i.id',
          'i.sponsorship_id',
          'i.event_title',
          'i.number',
          'i.due_date',
          'i.updated_at',
          'i.sponsor_email',
          'sp.public_name',
        ])
        .where('i.kind', '=', 'invoice')
        .where('i.status', '=', 'issued')
        .where('i.due_date', 'is not', null)
        .orderBy('i.id');
      q =
        'sponsorshipId' in filter
          ? q.where('i.sponsorship_id', '=', filter.sponsorshipId)
          : q.where('i.organisation_id', '=', filter.organisationId);
      return (await q.execute()).map((r) => ({
        id: Number(r.id),
        sponsorshipId: Number(r.sponsorship_id),
        eventTitle: r.event_title,
        number: r.number,
        dueDate: r.due_date!,
        sponsor: r.public_name ?? r.sponsor_email,
        updatedAt: fromDbTime(r.updated_at),
      }));
    },
  };
}

export type CalendarFeedsRepository = ReturnType<typeof createCalendarFeedsRepository>;
