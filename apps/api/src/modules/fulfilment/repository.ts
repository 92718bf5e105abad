// Kysely for deliverables, their comments, the fulfilment activity log and the per-recipient send
// days; the one writer of these tables. Deliverables are created once per benefit (unique
// sponsorship and source key), so a repeated confirmation creates nothing twice. A send slot is taken
// by one conditional update of the recipient's row (its day before today), so one process sends.
import type { DeliverableStatus, DeliverablesQuery } from '@sp/shared';
import { heldRows } from '../../db/held-rows.ts';
import { enqueueWebhookEvent } from '../webhooks/index.ts';
import type { Db } from '../../db/index.ts';
import type { DeliverableActivityTable, DeliverablesTable } from '../../db/schema-fulfilment.ts';
import { fromDbBool, fromDbTime, fromDbTimeOrNull, toDbBool, toDbTime } from '../../db/values.ts';

export type DeliverableRecord = {
  id: number;
  sponsorshipId: number;
  organisationId: number;
  eventId: number;
  eventTitle: string;
  /** How the sponsor sees the organisation's entries named (not its members' addresses). */
  organisationName: string;
  sponsorEmail: string;
  sponsorEmailNormalized: string;
  title: string;
  kind: string;
  needsSponsorInput: boolean;
  dueDate: string | null;
  status: DeliverableStatus;
  assignee: string | null;
  sponsorInput: string | null;
  providedAt: Date | null;
};

export type NewDeliverable = Pick<
  DeliverablesTable,
  'source_key' | 'position' | 'title' | 'kind' | 'needs_sponsor_input' | 'due_date' | 'quantity'
>;
export type ActivityEntry = Omit<DeliverableActivityTable, 'id' | 'at'> & { at: Date };

const OPEN: DeliverableStatus[] = ['open', 'in_progress'];

/** The fields of a deliverable a change decides on, as they are on its held row. */
export type HeldDeliverable = {
  status: DeliverablesTable['status'];
  assignee: DeliverablesTable['assignee'];
  dueDate: DeliverablesTable['due_date'];
  sponsorInput: DeliverablesTable['sponsor_input'];
};

export type DeliverableChanges = Partial<
  Pick<DeliverablesTable, 'status' | 'assignee' | 'due_date' | 'sponsor_input'>
> & {
  provided_at?: Date;
};

export function createFulfilmentRepository(db: Db) {
  const select = (trx: Db = db) =>
    trx
      .selectFrom('deliverables as d')
      .innerJoin('sponsorships as s', 's.id', 'd.sponsorship_id')
      .innerJoin('events as e', 'e.id', 'd.event_id')
      .innerJoin('organisations as o', 'o.id', 'd.organisation_id')
      .select([
        'd.id',
        'd.sponsorship_id',
        'd.organisation_id',
        'd.event_id',
        'e.title as event_title',
        'o.name as organisation_name',
        's.sponsor_email',
        's.sponsor_email_normalized',
        'd.title',
        'd.kind',
        'd.needs_sponsor_input',
        'd.due_date',
        'd.status',
        'd.assignee',
        'd.sponsor_input',
        'd.provided_at',
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toRecord = (r: Row): DeliverableRecord => ({
    id: Number(r.id),
    sponsorshipId: Number(r.sponsorship_id),
    organisationId: Number(r.organisation_id),
    eventId: Number(r.event_id),
    eventTitle: r.event_title,
    organisationName: r.organisation_name,
    sponsorEmail: r.sponsor_email,
    sponsorEmailNormalized: r.sponsor_email_normalized,
    title: r.title,
    kind: r.kind,
    needsSponsorInput: fromDbBool(r.needs_sponsor_input),
    dueDate: r.due_date,
    status: r.status,
    assignee: r.assignee,
    sponsorInput: r.sponsor_input,
    providedAt: fromDbTimeOrNull(r.provided_at),
  });

  const record = async (trx: Db, entries: ActivityEntry[]) => {
    if (entries.length === 0) return;
    await trx
      .insertInto('deliverable_activity')
      .values(entries.map((e) => ({ ...e, at: toDbTime(e.at) })))
      .execute();
  };

  return {
    recordActivity: record,
    /** Creates the deliverables not yet there; answers how many were new. */
    create(
      sponsorship: { id: number; organisationId: number; eventId: number },
      items: NewDeliverable[],
      at: Date,
      entry: (title: string) => ActivityEntry,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        let created = 0;
        for (const item of items) {
          const inserted = await trx
            .insertInto('deliverables')
            .values({
              ...item,
              sponsorship_id: sponsorship.id,
              organisation_id: sponsorship.organisationId,
              event_id: sponsorship.eventId,
              status: 'open',
              assignee: null,
              sponsor_input: null,
              provided_at: null,
              created_at: toDbTime(at),
              updated_at: toDbTime(at),
            })
            .onConflict((oc) => oc.columns(['sponsorship_id', 'source_key']).doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) continue;
          created += 1;
          await record(trx, [{ ...entry(item.title), deliverable_id: inserted.id }]);
        }
        return created;
      });
    },

    async find(id: number): Promise<DeliverableRecord | undefined> {
      const row = await select().where('d.id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async list(
      filter: DeliverablesQuery & { organisationId?: number; sponsorshipId?: number; sponsorEmail?: string },
      onlyOpen = false,
    ): Promise<DeliverableRecord[]> {
      let q = select();
      if (filter.organisationId !== undefined) q = q.where('d.organisation_id', '=', filter.organisationId);
      if (filter.sponsorshipId !== undefined) q = q.where('d.sponsorship_id', '=', filter.sponsorshipId);
      if (filter.sponsorEmail !== undefined) q = q.where('s.sponsor_email_normalized', '=', filter.sponsorEmail);
      if (filter.event_id !== undefined) q = q.where('d.event_id', '=', filter.event_id);
      if (filter.status !== undefined) q = q.where('d.status', '=', filter.status);
      if (onlyOpen) q = q.where('d.status', 'in', OPEN);
      if (filter.assignee === 'none') q = q.where('d.assignee', 'is', null);
      else if (filter.assignee !== undefined) q = q.where('d.assignee', '=', filter.assignee);
      if (filter.due_before !== undefined) q = q.where('d.due_date', '<=', filter.due_before);
      if (filter.sponsor !== undefined) {
        q = q.where('s.sponsor_email_normalized', 'like', `%${filter.sponsor.toLowerCase().replace(/[%_\\]/g, '')}%`);
      }
      const rows = await q.orderBy('d.sponsorship_id').orderBy('d.position').limit(500).execute();
      return rows.map(toRecord);
    },

    /** Open deliverables past their due date (`today` is YYYY-MM-DD). */
    async overdue(today: string, organisationId?: number): Promise<DeliverableRecord[]> {
      let q = select().where('d.status', 'in', OPEN).where('d.due_date', '<', today);
      if (organisationId !== undefined) q = q.where('d.organisation_id', '=', organisationId);
      return (await q.orderBy('d.due_date').orderBy('d.id').limit(500).execute()).map(toRecord);
    },

    async summary(organisationId: number, today: string) {
      const rows = await db
        .selectFrom('deliverables')
        .select(['event_id', 'status', 'due_date'])
        .where('organisation_id', '=', organisationId)
        .execute();
      const byEvent = new Map<number, { event_id: number; total: number; done: number; overdue: number }>();
      for (const r of rows) {
        const entry = byEvent.get(r.event_id) ?? { event_id: r.event_id, total: 0, done: 0, overdue: 0 };
        entry.total += 1;
        if (r.status === 'done' || r.status === 'waived') entry.done += 1;
        else if (r.due_date !== null && r.due_date < today) entry.overdue += 1;
        byEvent.set(r.event_id, entry);
      }
      return [...byEvent.values()].sort((a, b) => a.event_id - b.event_id);
    },

    /**
     * Changes a deliverable on its held row (`select … for update` on PostgreSQL; SQLite runs one
     * transaction at a time): `decide` sees the fields as they are now and answers the changes with
     * their log entries, or null when there is nothing to change (a repeated request), so two
     * requests at once never both log the same change.
     */
    update(
      id: number,
      at: Date,
      decide: (current: HeldDeliverable) => { changes: DeliverableChanges; entries: ActivityEntry[] } | null,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const query = trx
          .selectFrom('deliverables')
          .select(['status', 'assignee', 'due_date', 'sponsor_input'])
          .where('id', '=', id);
        const row = await heldRows(trx, query).executeTakeFirst();
        if (!row) return false;
        const decided = decide({
          status: row.status,
          assignee: row.assignee,
          dueDate: row.due_date,
          sponsorInput: row.sponsor_input,
        });
        if (!decided || decided.entries.length === 0) return false;
        const { provided_at: providedAt, ...rest } = decided.changes;
        const changed = await trx
          .updateTable('deliverables')
          .set({ ...rest, ...(providedAt ? { provided_at: toDbTime(providedAt) } : {}), updated_at: toDbTime(at) })
          .where('id', '=', id)
          .returning(['organisation_id', 'event_id', 'sponsorship_id', 'title'])
          .executeTakeFirstOrThrow();
        await record(trx, decided.entries);
        // Done now and not before: the organisation's receivers hear it once (decision 111).
        if (rest.status === 'done' && row.status !== 'done')
          await enqueueWebhookEvent(trx, {
            organisationId: changed.organisation_id,
            type: 'deliverable.done',
            data: {
              deliverable_id: id,
              sponsorship_id: changed.sponsorship_id,
              event_id: changed.event_id,
              title: changed.title,
            },
            at,
          });
        return true;
      });
    },

    addComment(
      deliverableId: number,
      comment: { side: 'organisation' | 'sponsor'; actor: string; text: string },
      at: Date,
      entry: ActivityEntry,
    ): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('deliverable_comments')
          .values({ deliverable_id: deliverableId, ...comment, at: toDbTime(at) })
          .execute();
        await record(trx, [entry]);
      });
    },

    async comments(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('deliverable_comments')
        .selectAll()
        .where('deliverable_id', 'in', ids)
        .orderBy('at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, at: fromDbTime(r.at) }));
    },

    async activity(sponsorshipIds: number[]) {
      if (sponsorshipIds.length === 0) return [];
      const rows = await db
        .selectFrom('deliverable_activity')
        .selectAll()
        .where('sponsorship_id', 'in', sponsorshipIds)
        .orderBy('at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, at: fromDbTime(r.at) }));
    },

    /** Open logo deliverables of the sponsor's confirmed sponsorships. */
    async openLogoDeliverables(sponsorEmailNormalized: string): Promise<DeliverableRecord[]> {
      const rows = await select()
        .where('s.sponsor_email_normalized', '=', sponsorEmailNormalized)
        .where('s.status', '=', 'confirmed')
        .where('d.kind', '=', 'logo')
        .where('d.needs_sponsor_input', '=', toDbBool(true))
        .where('d.status', '=', 'open')
        .execute();
      return rows.map(toRecord);
    },

    /** The organisation's members (assignees), by account id. */
    async team(organisationId: number) {
      const rows = await db
        .selectFrom('user_profiles')
        .select(['cognito_id', 'email', 'language', 'fulfilment_digest', 'role'])
        .where('organisation_id', '=', organisationId)
        .orderBy('email')
        .execute();
      return rows.map((r) => ({
        id: r.cognito_id,
        name: r.email,
        email: r.email,
        language: r.language,
        digest: fromDbBool(r.fulfilment_digest),
        organiser: r.role === 'veranstalter' || r.role === 'beides',
      }));
    },

    async account(emailNormalized: string) {
      const row = await db
        .selectFrom('user_profiles')
        .select(['cognito_id', 'email', 'language', 'fulfilment_digest'])
        .where('email_normalized', '=', emailNormalized)
        .executeTakeFirst();
      return row && { id: row.cognito_id, language: row.language, digest: fromDbBool(row.fulfilment_digest) };
    },

    /** Takes today's send of the channel to the recipient; false when it was taken already. */
    async claimSend(channel: 'alert' | 'mail', recipient: string, day: string, at: Date): Promise<boolean> {
      await db
        .insertInto('fulfilment_sends')
        .values({ channel, recipient, day: '0000-00-00', sent_at: null })
        .onConflict((oc) => oc.columns(['channel', 'recipient']).doNothing())
        .execute();
      const taken = await db
        .updateTable('fulfilment_sends')
        .set({ day, sent_at: toDbTime(at) })
        .where('channel', '=', channel)
        .where('recipient', '=', recipient)
        .where('day', '<', day)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },
  };
}

export type FulfilmentRepository = ReturnType<typeof createFulfilmentRepository>;
