// invoices, invoice_payments and invoice_counters (the invoices module is their only writer). The
// next number is decided by the database: the organisation's counter row is incremented by one
// upsert in the transaction that issues the invoice, so concurrent issues get consecutive numbers and
// a rolled-back issue gives its number back (gap-free, decision record 026).
import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { InvoicesTable } from '../../db/schema-invoices.ts';
import { fromDbTime, fromDbTimeOrNull, toDbTime } from '../../db/values.ts';
import type { InvoiceSnapshot } from './snapshot.ts';

type Row = Selectable<InvoicesTable>;

export type InvoiceRecord = Omit<
  Row,
  | 'snapshot'
  | 'net_cents'
  | 'vat_cents'
  | 'gross_cents'
  | 'paid_cents'
  | 'issued_at'
  | 'sent_at'
  | 'created_at'
  | 'updated_at'
  | 'documents'
  | 'reminders_sent'
> & {
  snapshot: InvoiceSnapshot;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  paid_cents: number;
  reminders_sent: number;
  documents: StoredDocuments | null;
  issued_at: Date | null;
  sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export type StoredDocuments = Record<'pdf' | 'zugferd' | 'xml', { key: string; sha256: string }>;

export type PaymentRecord = {
  id: number;
  invoice_id: number;
  paid_on: string;
  amount_cents: number;
  recorded_at: Date;
};

export type NewInvoice = Omit<
  InvoicesTable,
  | 'id'
  | 'paid_cents'
  | 'reminders_sent'
  | 'snapshot'
  | 'documents'
  | 'issued_at'
  | 'sent_at'
  | 'created_at'
  | 'updated_at'
  | 'last_reminder_on'
> & { snapshot: InvoiceSnapshot };

const toRecord = (row: Row): InvoiceRecord => ({
  ...row,
  snapshot: JSON.parse(row.snapshot) as InvoiceSnapshot,
  net_cents: Number(row.net_cents),
  vat_cents: Number(row.vat_cents),
  gross_cents: Number(row.gross_cents),
  paid_cents: Number(row.paid_cents),
  reminders_sent: Number(row.reminders_sent),
  documents: row.documents ? (JSON.parse(row.documents) as StoredDocuments) : null,
  issued_at: fromDbTimeOrNull(row.issued_at),
  sent_at: fromDbTimeOrNull(row.sent_at),
  created_at: fromDbTime(row.created_at),
  updated_at: fromDbTime(row.updated_at),
});

export type InvoiceFilter = {
  organisationId?: number;
  sponsorshipId?: number;
  eventId?: number | undefined;
  status?: InvoicesTable['status'] | undefined;
  notDraft?: boolean;
  sponsorEmailNormalized?: string;
};

export function createInvoicesRepository(db: Db) {
  const list = async (filter: InvoiceFilter, trx: Db = db): Promise<InvoiceRecord[]> => {
    let query = trx.selectFrom('invoices').selectAll();
    if (filter.organisationId !== undefined) query = query.where('organisation_id', '=', filter.organisationId);
    if (filter.sponsorshipId !== undefined) query = query.where('sponsorship_id', '=', filter.sponsorshipId);
    if (filter.eventId !== undefined) query = query.where('event_id', '=', filter.eventId);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.notDraft) query = query.where('status', '!=', 'draft');
    if (filter.sponsorEmailNormalized !== undefined)
      query = query.where('sponsor_email_normalized', '=', filter.sponsorEmailNormalized);
    const rows = await query.orderBy('id', 'desc').limit(2000).execute();
    return rows.map(toRecord);
  };

  const find = async (id: number, trx: Db = db): Promise<InvoiceRecord | undefined> => {
    const row = await trx.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  };

  return {
    list,
    find,

    async insert(values: NewInvoice, at: Date, trx: Db = db): Promise<number> {
      const row = await trx
        .insertInto('invoices')
        .values({
          ...values,
          snapshot: JSON.stringify(values.snapshot),
          created_at: toDbTime(at),
          updated_at: toDbTime(at),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Changes a draft; false when it is no longer one. */
    async updateDraft(
      id: number,
      values: Partial<Omit<NewInvoice, 'snapshot'>> & { snapshot?: InvoiceSnapshot },
      at: Date,
      trx: Db = db,
    ): Promise<boolean> {
      const { snapshot, ...rest } = values;
      const result = await trx
        .updateTable('invoices')
        .set({ ...rest, ...(snapshot ? { snapshot: JSON.stringify(snapshot) } : {}), updated_at: toDbTime(at) })
        .where('id', '=', id)
        .where('status', '=', 'draft')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The event's confirmed sponsorships with no invoice but cancelled ones (a cancelled invoice is
     * invoiced again), in the order of invitation: what a bulk of drafts is made for.
     */
    async confirmedNotInvoiced(eventId: number): Promise<Array<{ id: number; sponsor_email: string }>> {
      return db
        .selectFrom('sponsorships as s')
        .select(['s.id', 's.sponsor_email'])
        .where('s.event_id', '=', eventId)
        .where('s.status', '=', 'confirmed')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('invoices as i')
                .select('i.id')
                .whereRef('i.sponsorship_id', '=', 's.id')
                .where('i.kind', '=', 'invoice')
                .where('i.status', '!=', 'cancelled'),
            ),
          ),
        )
        .orderBy('s.created_at')
        .orderBy('s.id')
        .execute();
    },

    /** Whether the sponsorship has an open draft (at most one: migration 0029). */
    async hasDraft(sponsorshipId: number): Promise<boolean> {
      const row = await db
        .selectFrom('invoices')
        .select('id')
        .where('sponsorship_id', '=', sponsorshipId)
        .where('status', '=', 'draft')
        .executeTakeFirst();
      return row !== undefined;
    },

    async deleteDraft(id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('invoices')
        .where('id', '=', id)
        .where('status', '=', 'draft')
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async deleteDraftsOf(organisationId: number): Promise<void> {
      await db
        .deleteFrom('invoices')
        .where('organisation_id', '=', organisationId)
        .where('status', '=', 'draft')
        .execute();
    },

    /** The organisation's next invoice counter, in the caller's transaction (row-locked until it ends). */
    async nextCounter(trx: Db, organisationId: number): Promise<number> {
      const row = await sql<{ last_number: number | string }>`
        insert into invoice_counters (organisation_id, last_number) values (${organisationId}, 1)
        on conflict (organisation_id) do update set last_number = invoice_counters.last_number + 1
        returning last_number`.execute(trx);
      return Number(row.rows[0]!.last_number);
    },

    /** Marks an issued (or cancelled) invoice; conditional on its current status. */
    async setStatus(trx: Db, id: number, from: InvoicesTable['status'][], values: Updateable<InvoicesTable>, at: Date) {
      const result = await trx
        .updateTable('invoices')
        .set({ ...values, updated_at: toDbTime(at) })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setDocuments(id: number, documents: StoredDocuments): Promise<void> {
      await db
        .updateTable('invoices')
        .set({ documents: JSON.stringify(documents) })
        .where('id', '=', id)
        .execute();
    },

    async markSent(id: number, at: Date): Promise<void> {
      await db
        .updateTable('invoices')
        .set({ sent_at: toDbTime(at) })
        .where('id', '=', id)
        .execute();
    },

    /** Counts a reminder stage once per day: false when another process sent it already. */
    async claimReminder(id: number, stage: number, day: string): Promise<boolean> {
      const result = await db
        .updateTable('invoices')
        .set({ reminders_sent: stage, last_reminder_on: day })
        .where('id', '=', id)
        .where('reminders_sent', '=', stage - 1)
        .where('status', '=', 'issued')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Adds a payment and the new paid sum in one transaction; the status becomes paid when it reaches gross. */
    async addPayment(
      id: number,
      payment: { paid_on: string; amount_cents: number; recorded_by: string },
      at: Date,
    ): Promise<'ok' | 'not-issued' | 'exceeds'> {
      return db.transaction().execute(async (trx) => {
        const current = await find(id, trx);
        if (!current || current.status !== 'issued' || current.kind !== 'invoice') return 'not-issued';
        const paid = current.paid_cents + payment.amount_cents;
        if (paid > current.gross_cents) return 'exceeds';
        const updated = await trx
          .updateTable('invoices')
          .set({
            paid_cents: paid,
            status: paid === current.gross_cents ? 'paid' : 'issued',
            updated_at: toDbTime(at),
          })
          .where('id', '=', id)
          .where('paid_cents', '=', current.paid_cents)
          .where('status', '=', 'issued')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return 'not-issued';
        await trx
          .insertInto('invoice_payments')
          .values({ invoice_id: id, ...payment, recorded_at: toDbTime(at) })
          .execute();
        return 'ok';
      });
    },

    async payments(ids: number[]): Promise<PaymentRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('invoice_payments')
        .select(['id', 'invoice_id', 'paid_on', 'amount_cents', 'recorded_at'])
        .where('invoice_id', 'in', ids)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), recorded_at: fromDbTime(r.recorded_at) }));
    },

    /** Issued, unpaid invoices past their due date (for the reminder job), across organisations. */
    /**
     * Issued invoices past their due date: all organisations' for the reminders job (in id order),
     * or one organisation's for its open tasks (oldest due first).
     */
    async overdue(day: string, organisationId?: number): Promise<InvoiceRecord[]> {
      let query = db
        .selectFrom('invoices')
        .selectAll()
        .where('status', '=', 'issued')
        .where('kind', '=', 'invoice')
        .where('due_date', '<', day);
      query =
        organisationId === undefined
          ? query.orderBy('id').limit(500)
          : query.where('organisation_id', '=', organisationId).orderBy('due_date').orderBy('id').limit(200);
      return (await query.execute()).map(toRecord);
    },

    transaction: <T>(work: (trx: Db) => Promise<T>) => db.transaction().execute(work),
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
