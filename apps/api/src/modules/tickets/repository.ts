// Kysely for sponsor tickets: the ticket_holders table (written here only) and, to read, the tickets
// deliverables with their quota (copied from the benefit when the sponsorship was confirmed). The
// last seat is decided by the unique (deliverable, seat) constraint, a check-in by a conditional update.
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import { toDbTime } from '../../db/values.ts';
import { normaliseEmail } from '../../lib/email.ts';

export type TicketBenefit = {
  deliverableId: number;
  sponsorshipId: number;
  organisationId: number;
  eventId: number;
  title: string;
  /** YYYY-MM-DD: the last day to name people; null = until the day before the event. */
  dueDate: string | null;
  quota: number;
  eventTitle: string;
  eventDate: string;
  eventLocation: string;
  sponsorEmail: string;
  sponsorLanguage: 'de' | 'en' | null;
};

export type TicketHolder = {
  id: number;
  deliverableId: number;
  sponsorshipId: number;
  organisationId: number;
  eventId: number;
  seat: number;
  name: string;
  email: string;
  createdAt: Date;
  checkedInAt: Date | null;
  checkedInBy: string | null;
  /** When name and e-mail were erased after the event (decision 086); they are empty then. */
  erasedAt: Date | null;
};

export type NewHolder = Omit<TicketHolder, 'id' | 'seat' | 'checkedInAt' | 'checkedInBy' | 'erasedAt'>;

/** A naming: the seat taken, or the seat the same person already held (nothing written). */
export type Named = { holder: TicketHolder; existing: boolean };

/** The same person twice, because the same e-mail: trimmed, in lower case. */
export const personKey = normaliseEmail;

const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

const toHolder = (r: {
  id: number;
  deliverable_id: number;
  sponsorship_id: number;
  organisation_id: number;
  event_id: number;
  seat: number;
  name: string;
  email: string;
  created_at: string | Date;
  checked_in_at: string | Date | null;
  checked_in_by: string | null;
  erased_at: string | Date | null;
}): TicketHolder => ({
  id: Number(r.id),
  deliverableId: Number(r.deliverable_id),
  sponsorshipId: Number(r.sponsorship_id),
  organisationId: Number(r.organisation_id),
  eventId: Number(r.event_id),
  seat: Number(r.seat),
  name: r.name,
  email: r.email,
  createdAt: toDate(r.created_at),
  checkedInAt: r.checked_in_at === null ? null : toDate(r.checked_in_at),
  checkedInBy: r.checked_in_by,
  erasedAt: r.erased_at === null ? null : toDate(r.erased_at),
});

class PersonTaken extends Error {}

export function createTicketsRepository(db: Db) {
  const holders = (trx: Db = db) => trx.selectFrom('ticket_holders').selectAll();

  return {
    /** The tickets deliverables of one sponsorship, or of one event (or several) of an organisation. */
    async benefits(
      filter:
        | { sponsorshipId: number }
        | { organisationId: number; eventId: number }
        | { organisationId: number; eventIds: readonly number[] },
    ): Promise<TicketBenefit[]> {
      if ('eventIds' in filter && filter.eventIds.length === 0) return [];
      let q = db
        .selectFrom('deliverables as d')
        .innerJoin('sponsorships as s', 's.id', 'd.sponsorship_id')
        .innerJoin('events as e', 'e.id', 'd.event_id')
        .select([
          'd.id',
          'd.sponsorship_id',
          'd.organisation_id',
          'd.event_id',
          'd.title',
          'd.due_date',
          'd.quantity',
          'e.title as event_title',
          'e.event_date',
          'e.location',
          's.sponsor_email',
          's.sponsor_language',
        ])
        .where('d.kind', '=', 'tickets')
        .where('d.status', '!=', 'waived');
      q =
        'sponsorshipId' in filter
          ? q.where('d.sponsorship_id', '=', filter.sponsorshipId)
          : q
              .where('d.organisation_id', '=', filter.organisationId)
              .where('d.event_id', 'in', 'eventIds' in filter ? [...filter.eventIds] : [filter.eventId]);
      const rows = await q.orderBy('d.sponsorship_id').orderBy('d.position').execute();
      return rows.map((r) => ({
        deliverableId: Number(r.id),
        sponsorshipId: Number(r.sponsorship_id),
        organisationId: Number(r.organisation_id),
        eventId: Number(r.event_id),
        title: r.title,
        dueDate: r.due_date,
        quota: r.quantity === null ? 1 : Number(r.quantity),
        eventTitle: r.event_title,
        eventDate: r.event_date,
        eventLocation: r.location,
        sponsorEmail: r.sponsor_email,
        sponsorLanguage: r.sponsor_language,
      }));
    },

    async holders(
      filter: { sponsorshipId: number } | { eventId: number } | { eventIds: readonly number[] },
    ): Promise<TicketHolder[]> {
      if ('eventIds' in filter && filter.eventIds.length === 0) return [];
      const q =
        'sponsorshipId' in filter
          ? holders().where('sponsorship_id', '=', filter.sponsorshipId)
          : holders().where('event_id', 'in', 'eventIds' in filter ? [...filter.eventIds] : [filter.eventId]);
      return (await q.orderBy('deliverable_id').orderBy('seat').execute()).map(toHolder);
    },

    /** The sponsor's address of a sponsorship (what the door shows beside the name). */
    async sponsorEmail(sponsorshipId: number): Promise<string> {
      const row = await db
        .selectFrom('sponsorships')
        .select('sponsor_email')
        .where('id', '=', sponsorshipId)
        .executeTakeFirst();
      return row?.sponsor_email ?? '';
    },

    async find(id: number): Promise<TicketHolder | null> {
      const row = await holders().where('id', '=', id).executeTakeFirst();
      return row ? toHolder(row) : null;
    },

    /**
     * Names a person for the first free seat of 1..quota; null when all are taken. The database
     * decides both races: the unique seat (of two namings for the last seat, the second's insert does
     * nothing and it tries the next seat, of which there is none) and the unique person per
     * deliverable (the same e-mail named twice at once: the second's insert does nothing and it
     * answers the seat the first took, `existing`).
     */
    async name(holder: NewHolder, quota: number): Promise<Named | null> {
      const key = personKey(holder.email);
      const held = () =>
        holders().where('deliverable_id', '=', holder.deliverableId).where('email_key', '=', key).executeTakeFirst();
      const before = await held();
      if (before) return { holder: toHolder(before), existing: true };
      const taken = new Set(
        (
          await db
            .selectFrom('ticket_holders')
            .select('seat')
            .where('deliverable_id', '=', holder.deliverableId)
            .execute()
        ).map((r) => Number(r.seat)),
      );
      for (let seat = 1; seat <= quota; seat++) {
        if (taken.has(seat)) continue;
        const row = await db
          .insertInto('ticket_holders')
          .values({
            organisation_id: holder.organisationId,
            event_id: holder.eventId,
            sponsorship_id: holder.sponsorshipId,
            deliverable_id: holder.deliverableId,
            seat,
            name: holder.name,
            email: holder.email,
            email_key: key,
            created_at: toDbTime(holder.createdAt),
            checked_in_at: null,
            checked_in_by: null,
            erased_at: null,
          })
          // Either unique index: the seat (try the next) or the person (answer their seat).
          .onConflict((oc) => oc.doNothing())
          .returningAll()
          .executeTakeFirst();
        if (row) return { holder: toHolder(row), existing: false };
        const same = await held();
        if (same) return { holder: toHolder(same), existing: true };
      }
      return null;
    },

    /**
     * Gives the seat of a ticket not yet used to another person (or the same with a corrected name):
     * a new row with a new id, so the old ticket's code is refused at the door. Null when the ticket
     * is gone or was used meanwhile; 'taken' when the new person already holds another seat of the
     * deliverable (the unique person decides, nothing changes).
     */
    async replace(
      id: number,
      person: { name: string; email: string },
      at: Date,
    ): Promise<TicketHolder | 'taken' | null> {
      const key = personKey(person.email);
      return db
        .transaction()
        .execute(async (trx) => {
          const old = await trx
            .deleteFrom('ticket_holders')
            .where('id', '=', id)
            .where('checked_in_at', 'is', null)
            .returningAll()
            .executeTakeFirst();
          if (!old) return null;
          const row = await trx
            .insertInto('ticket_holders')
            .values({
              organisation_id: old.organisation_id,
              event_id: old.event_id,
              sponsorship_id: old.sponsorship_id,
              deliverable_id: old.deliverable_id,
              seat: old.seat,
              name: person.name,
              email: person.email,
              email_key: key,
              created_at: toDbTime(at),
              checked_in_at: null,
              checked_in_by: null,
              erased_at: null,
            })
            .returningAll()
            .executeTakeFirstOrThrow()
            // The unique person: the new one holds another seat of the deliverable. The error rolls
            // the deletion back, so the seat stays with its holder.
            .catch((error: unknown) => {
              throw isUniqueViolation(error) ? new PersonTaken() : error;
            });
          return toHolder(row);
        })
        .catch((error: unknown) => {
          if (error instanceof PersonTaken) return 'taken' as const;
          throw error;
        });
    },

    /** Frees the seat of a ticket not yet used; false when it is gone or was used. */
    async remove(id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('ticket_holders')
        .where('id', '=', id)
        .where('checked_in_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /**
     * Erases name and e-mail of everyone named for an event on or before `lastEventDay` (decision
     * 086): emptied, the key and the door's account too; seat, arrival and counts stay. Only rows
     * not erased yet change, so a second run (another process) changes none. The number erased.
     */
    async eraseAttendees(lastEventDay: string, at: Date): Promise<number> {
      const result = await db
        .updateTable('ticket_holders')
        .set({ name: '', email: '', email_key: null, checked_in_by: null, erased_at: toDbTime(at) })
        .where('erased_at', 'is', null)
        .where('event_id', 'in', db.selectFrom('events').select('id').where('event_date', '<=', lastEventDay))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Marks the arrival once: of two doors scanning the same ticket, one update changes the row. */
    async checkIn(id: number, eventId: number, at: Date, by: string): Promise<TicketHolder | null> {
      const row = await db
        .updateTable('ticket_holders')
        .set({ checked_in_at: toDbTime(at), checked_in_by: by })
        .where('id', '=', id)
        .where('event_id', '=', eventId)
        .where('checked_in_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return row ? toHolder(row) : null;
    },
  };
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
