// Kysely for the readiness board's rows and the chasers' outbox (chase_outbox, this module's one
// table). A chaser is queued by an insert that the unique (sponsorship_id, limit_key) may refuse: the
// database, not a read before, decides that a sponsor gets one a day and that the same chase twice
// sends once. The drain claims a row by a conditional update (queued and due, or a claim that ran out),
// so a process killed mid-way leaves its row to be claimed again.
import type { Db } from '../../db/index.ts';
import type { ChaseOutboxTable } from '../../db/schema.ts';
import { fromDbTime, fromDbTimeOrNull, toDbTime } from '../../db/values.ts';
import { LIVE_STATUSES } from './providers.ts';

export type ChaseItem = { column_key: string; title: string; due: string | null };

export type OutboxRecord = {
  id: number;
  organisationId: number;
  eventId: number;
  sponsorshipId: number;
  recipient: string;
  language: 'de' | 'en';
  items: ChaseItem[];
  status: ChaseOutboxTable['status'];
  attempts: number;
  override: boolean;
  createdAt: Date;
  sentAt: Date | null;
};

export type NewChaser = {
  organisationId: number;
  eventId: number;
  sponsorshipId: number;
  recipient: string;
  language: 'de' | 'en';
  limitKey: string;
  override: boolean;
  items: ChaseItem[];
  createdBy: string;
};

type OutboxRow = Pick<
  ChaseOutboxTable,
  | 'organisation_id'
  | 'event_id'
  | 'sponsorship_id'
  | 'recipient'
  | 'language'
  | 'items'
  | 'status'
  | 'attempts'
  | 'override'
  | 'created_at'
  | 'sent_at'
> & { id: number };

const toRecord = (r: OutboxRow): OutboxRecord => ({
  id: Number(r.id),
  organisationId: Number(r.organisation_id),
  eventId: Number(r.event_id),
  sponsorshipId: Number(r.sponsorship_id),
  recipient: r.recipient,
  language: r.language,
  items: JSON.parse(r.items) as ChaseItem[],
  status: r.status,
  attempts: Number(r.attempts),
  override: Number(r.override) === 1,
  createdAt: fromDbTime(r.created_at),
  sentAt: fromDbTimeOrNull(r.sent_at),
});

const OUTBOX_COLUMNS = [
  'id',
  'organisation_id',
  'event_id',
  'sponsorship_id',
  'recipient',
  'language',
  'items',
  'status',
  'attempts',
  'override',
  'created_at',
  'sent_at',
] as const;

export function createReadinessRepository(db: Db) {
  return {
    /** The organisation's events from `today` on that are not archived, by date (the board across events). */
    async upcomingEvents(organisationId: number, today: string) {
      const rows = await db
        .selectFrom('events')
        .select(['id', 'title', 'event_date'])
        .where('organisation_id', '=', organisationId)
        .where('event_date', '>=', today)
        .where('archived_at', 'is', null)
        .orderBy('event_date')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: Number(r.id), title: r.title, eventDate: r.event_date }));
    },

    /** The board's rows: the events' live sponsorships with sponsor name, chosen package and language. */
    async rows(eventIds: readonly number[]) {
      if (eventIds.length === 0) return [];
      const rows = await db
        .selectFrom('sponsorships as s')
        .leftJoin('sponsorship_choices as c', 'c.sponsorship_id', 's.id')
        .leftJoin('packages as p', 'p.id', 'c.package_id')
        .leftJoin('sponsor_profiles as sp', 'sp.email_normalized', 's.sponsor_email_normalized')
        .select([
          's.id',
          's.event_id',
          's.sponsor_email',
          's.sponsor_email_normalized',
          's.sponsor_cognito_id',
          's.status',
          's.sponsor_language',
          'p.id as package_id',
          'p.name as package_name',
          'sp.public_name',
        ])
        .where('s.event_id', 'in', [...eventIds])
        .where('s.status', 'in', [...LIVE_STATUSES])
        .orderBy('s.id')
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        eventId: Number(r.event_id),
        sponsorEmail: r.sponsor_email,
        sponsorEmailNormalized: r.sponsor_email_normalized,
        linked: r.sponsor_cognito_id !== null,
        status: r.status,
        sponsorLanguage: r.sponsor_language,
        packageId: r.package_id === null ? null : Number(r.package_id),
        packageName: r.package_name,
        sponsorName: r.public_name ?? null,
      }));
    },

    /** Who a chaser goes to: the sponsorship's address, and whether an account accepted it. */
    async sponsorOf(sponsorshipId: number) {
      const row = await db
        .selectFrom('sponsorships')
        .select(['sponsor_email', 'sponsor_email_normalized', 'sponsor_cognito_id'])
        .where('id', '=', sponsorshipId)
        .executeTakeFirst();
      return (
        row && {
          email: row.sponsor_email,
          emailNormalized: row.sponsor_email_normalized,
          linked: row.sponsor_cognito_id !== null,
        }
      );
    },

    async team(organisationId: number) {
      const rows = await db
        .selectFrom('user_profiles')
        .select(['cognito_id', 'email'])
        .where('organisation_id', '=', organisationId)
        .orderBy('email')
        .execute();
      return rows.map((r) => ({ id: r.cognito_id, name: r.email }));
    },

    /**
     * Queues chasers in a few multi-row inserts; answers the sponsorships that got one. A sponsorship
     * that already has one under its limit key is left out by the unique key, not by a read before.
     */
    async queue(chasers: NewChaser[], at: Date): Promise<Set<number>> {
      const queued = new Set<number>();
      for (let i = 0; i < chasers.length; i += 500) {
        const rows = await db
          .insertInto('chase_outbox')
          .values(
            chasers.slice(i, i + 500).map((chaser) => ({
              organisation_id: chaser.organisationId,
              event_id: chaser.eventId,
              sponsorship_id: chaser.sponsorshipId,
              recipient: chaser.recipient,
              language: chaser.language,
              limit_key: chaser.limitKey,
              override: chaser.override ? 1 : 0,
              items: JSON.stringify(chaser.items),
              status: 'queued' as const,
              attempts: 0,
              next_attempt_at: toDbTime(at),
              claimed_until: null,
              last_error: null,
              created_by: chaser.createdBy,
              created_at: toDbTime(at),
              sent_at: null,
            })),
          )
          .onConflict((oc) => oc.columns(['sponsorship_id', 'limit_key']).doNothing())
          .returning('sponsorship_id')
          .execute();
        for (const r of rows) queued.add(Number(r.sponsorship_id));
      }
      return queued;
    },

    /** The sponsorships of the events that already have a chaser under these limit keys. */
    async chasedUnder(eventIds: readonly number[], limitKeys: string[]): Promise<Set<number>> {
      if (limitKeys.length === 0 || eventIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('chase_outbox')
        .select('sponsorship_id')
        .where('event_id', 'in', [...eventIds])
        .where('limit_key', 'in', limitKeys)
        .execute();
      return new Set(rows.map((r) => Number(r.sponsorship_id)));
    },

    async notices(eventIds: readonly number[]): Promise<OutboxRecord[]> {
      if (eventIds.length === 0) return [];
      const rows = await db
        .selectFrom('chase_outbox')
        .select([...OUTBOX_COLUMNS])
        .where('event_id', 'in', [...eventIds])
        .orderBy('id', 'desc')
        .limit(2000)
        .execute();
      return rows.map(toRecord);
    },

    /** Rows that are due: queued and their time came, or claimed by a process whose claim ran out. */
    async due(at: Date, limit: number): Promise<number[]> {
      const now = toDbTime(at);
      const rows = await db
        .selectFrom('chase_outbox')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<=', now)]),
          ]),
        )
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** Claims one due row for `claimMs`; undefined when another process has it (or it is done). */
    async claim(id: number, at: Date, claimMs: number): Promise<OutboxRecord | undefined> {
      const now = toDbTime(at);
      const row = await db
        .updateTable('chase_outbox')
        .set((eb) => ({
          status: 'sending',
          claimed_until: toDbTime(new Date(at.getTime() + claimMs)),
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<=', now)]),
          ]),
        )
        .returning([...OUTBOX_COLUMNS])
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async markSent(id: number, at: Date): Promise<void> {
      await db
        .updateTable('chase_outbox')
        .set({ status: 'sent', sent_at: toDbTime(at), claimed_until: null, last_error: null })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute();
    },

    /** A failed attempt: again at `retryAt`, or failed for good when it is null. */
    async markFailed(id: number, retryAt: Date | null, error: string): Promise<void> {
      await db
        .updateTable('chase_outbox')
        .set({
          status: retryAt ? 'queued' : 'failed',
          ...(retryAt ? { next_attempt_at: toDbTime(retryAt) } : {}),
          claimed_until: null,
          last_error: error.slice(0, 200),
        })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute();
    },
  };
}

export type ReadinessRepository = ReturnType<typeof createReadinessRepository>;
