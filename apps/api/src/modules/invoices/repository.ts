// invoices, invoice_payments and invoice_counters (the invoices module is their only writer). The
// next number is decided by the database: the organisation's counter row is incremented by one
// upsert in the transaction that issues the invoice, so concurrent issues get consecutive numbers and
// a rolled-back issue gives its number back (gap-free, decision record 026).
import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { InvoicesTable } from '../../db/schema-invoices.ts';
import { fromDbBool, fromDbTime, fromDbTimeOrNull, toDbBool, toDbTime } from '../../db/values.ts';
import type { InvoiceSnapshot } from './snapshot.ts';
import { enqueueWebhookEvent } from '../webhooks/index.ts';

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
  | 'further_invoice'
  | 'revision'
> & {
  snapshot: InvoiceSnapshot;
  further_invoice: boolean;
  revision: number;
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
  /** Negative for a refund. */
  amount_cents: number;
  kind: 'payment' | 'refund';
  recorded_at: Date;
};

/** Why a payment or refund was not recorded. */
export type PaymentRefusal = 'not-issued' | 'cancelled' | 'exceeds' | 'exceeds-paid' | 'duplicate';

/** Thrown inside addPayment's transaction to roll back a payment found to repeat one recorded. */
class RepeatedPayment extends Error {}

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
  | 'further_invoice'
  | 'revision'
> & { snapshot: InvoiceSnapshot; further_invoice?: boolean };

const toRecord = (row: Row): InvoiceRecord => ({
  ...row,
  snapshot: JSON.parse(row.snapshot) as InvoiceSnapshot,
  net_cents: Number(row.net_cents),
  vat_cents: Number(row.vat_cents),
  gross_cents: Number(row.gross_cents),
  paid_cents: Number(row.paid_cents),
  reminders_sent: Number(row.reminders_sent),
  further_invoice: fromDbBool(row.further_invoice),
  revision: Number(row.revision),
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

  /** addPayment's transaction (below). */
  const recordPayment = async (
    trx: Db,
    id: number,
    payment: { paid_on: string; amount_cents: number; recorded_by: string; kind: 'payment' | 'refund' },
    at: Date,
    allowRepeat: boolean,
  ): Promise<'ok' | 'paid' | PaymentRefusal> => {
    const amount = payment.amount_cents;
    const paid = sql<number>`paid_cents + ${amount}`;
    const updated = await trx
      .updateTable('invoices')
      .set({
        paid_cents: paid,
        status: sql<'issued' | 'paid'>`case when paid_cents + ${amount} = gross_cents then 'paid' else 'issued' end`,
        updated_at: toDbTime(at),
      })
      .where('id', '=', id)
      .where('kind', '=', 'invoice')
      .where('status', 'in', ['issued', 'paid'])
      .where(paid, '<=', sql<number>`gross_cents`)
      .where(paid, '>=', 0)
      .returning(['status', 'organisation_id', 'number', 'sponsorship_id', 'event_id', 'gross_cents', 'paid_cents'])
      .executeTakeFirst();
    if (!updated) {
      const current = await find(id, trx);
      if (!current || current.kind !== 'invoice' || current.status === 'draft') return 'not-issued';
      if (current.status === 'cancelled') return 'cancelled';
      return amount > 0 ? 'exceeds' : 'exceeds-paid';
    }
    if (!allowRepeat) {
      const twin = await trx
        .selectFrom('invoice_payments')
        .select('id')
        .where('invoice_id', '=', id)
        .where('kind', '=', payment.kind)
        .where('paid_on', '=', payment.paid_on)
        .where('amount_cents', '=', payment.amount_cents)
        .executeTakeFirst();
      if (twin) throw new RepeatedPayment();
    }
    await trx
      .insertInto('invoice_payments')
      .values({ invoice_id: id, ...payment, recorded_at: toDbTime(at) })
      .execute();
    // The payment that completes the invoice tells the organisation's receivers, in the same transaction.
    if (updated.status === 'paid' && amount > 0)
      await enqueueWebhookEvent(trx, {
        organisationId: updated.organisation_id,
        type: 'invoice.paid',
        data: {
          invoice_id: id,
          number: updated.number,
          sponsorship_id: updated.sponsorship_id,
          event_id: updated.event_id,
          gross_cents: Number(updated.gross_cents),
          paid_on: payment.paid_on,
        },
        at,
      });
    return updated.status === 'paid' ? 'paid' : 'ok';
  };

  return {
    list,
    find,

    async insert(values: NewInvoice, at: Date, trx: Db = db): Promise<number> {
      const { further_invoice, ...rest } = values;
      const row = await trx
        .insertInto('invoices')
        .values({
          ...rest,
          further_invoice: toDbBool(further_invoice ?? false),
          snapshot: JSON.stringify(values.snapshot),
          created_at: toDbTime(at),
          updated_at: toDbTime(at),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Changes a draft as it was read (its revision); false when it is no longer a draft or was changed
     * meanwhile, so a change made from an older read never overwrites a newer one.
     */
    async updateDraft(
      id: number,
      revision: number,
      values: Partial<Omit<NewInvoice, 'snapshot' | 'further_invoice'>> & { snapshot?: InvoiceSnapshot },
      at: Date,
      trx: Db = db,
    ): Promise<boolean> {
      const { snapshot, ...rest } = values;
      const result = await trx
        .updateTable('invoices')
        .set({
          ...rest,
          ...(snapshot ? { snapshot: JSON.stringify(snapshot) } : {}),
          revision: sql<number>`revision + 1`,
          updated_at: toDbTime(at),
        })
        .where('id', '=', id)
        .where('status', '=', 'draft')
        .where('revision', '=', revision)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The latest date in the organisation's number series (issued invoices and cancellations), read
     * in the issuing transaction after its counter row is locked, so no issue can pass it meanwhile.
     */
    async lastIssueDate(trx: Db, organisationId: number): Promise<string | null> {
      const row = await trx
        .selectFrom('invoices')
        .select((eb) => eb.fn.max('invoice_date').as('last'))
        .where('organisation_id', '=', organisationId)
        .where('number', 'is not', null)
        .executeTakeFirst();
      return row?.last ?? null;
    },

    /**
     * The payment term of the sponsorship's agreement (decision 060): the one its latest valid
     * signature was given on, else the event's generated agreement's; null when there is none (an
     * uploaded agreement states no term we can read). Read only: the agreements module writes these.
     */
    async agreementPaymentTerm(sponsorshipId: number, eventId: number): Promise<number | null> {
      const signed = await db
        .selectFrom('agreement_signatures')
        .select('snapshot')
        .where('sponsorship_id', '=', sponsorshipId)
        .where('voided_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (signed) {
        const term = (JSON.parse(signed.snapshot) as { paymentTermDays?: unknown }).paymentTermDays;
        if (typeof term === 'number') return term;
      }
      const settings = await db
        .selectFrom('agreement_settings')
        .select(['mode', 'payment_term_days'])
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return settings?.mode === 'generated' ? settings.payment_term_days : null;
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

    /**
     * What stands in the way of a new invoice of the sponsorship: a draft (at most one, migration
     * 0029), else an open (issued, not fully paid) invoice (at most one not marked as a further one,
     * migration 0033), else nothing.
     */
    async openInvoice(sponsorshipId: number): Promise<'draft' | 'open' | null> {
      const rows = await db
        .selectFrom('invoices')
        .select('status')
        .where('sponsorship_id', '=', sponsorshipId)
        .where('kind', '=', 'invoice')
        .where('status', 'in', ['draft', 'issued'])
        .execute();
      if (rows.some((r) => r.status === 'draft')) return 'draft';
      return rows.length ? 'open' : null;
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

    /**
     * Marks an invoice; conditional on its current status and, when given, on the draft's revision
     * (issuing what was read) or on nothing being paid (cancelling, decision 060).
     */
    async setStatus(
      trx: Db,
      id: number,
      from: InvoicesTable['status'][],
      values: Updateable<InvoicesTable>,
      at: Date,
      when: { revision?: number; unpaid?: boolean } = {},
    ) {
      let query = trx
        .updateTable('invoices')
        .set({ ...values, updated_at: toDbTime(at) })
        .where('id', '=', id)
        .where('status', 'in', from);
      if (when.revision !== undefined) query = query.where('revision', '=', when.revision);
      if (when.unpaid) query = query.where('paid_cents', '=', 0);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Stores the documents' keys once: a second delivery racing the first keeps the first's. */
    async setDocuments(id: number, documents: StoredDocuments): Promise<void> {
      await db
        .updateTable('invoices')
        .set({ documents: JSON.stringify(documents) })
        .where('id', '=', id)
        .where('documents', 'is', null)
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
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('invoices')
          .set({ reminders_sent: stage, last_reminder_on: day })
          .where('id', '=', id)
          .where('reminders_sent', '=', stage - 1)
          .where('status', '=', 'issued')
          .returning([
            'organisation_id',
            'number',
            'sponsorship_id',
            'event_id',
            'due_date',
            'gross_cents',
            'paid_cents',
          ])
          .executeTakeFirst();
        if (!claimed) return false;
        // The first reminder is the moment the product treats the invoice as overdue: receivers hear it once.
        if (stage === 1)
          await enqueueWebhookEvent(trx, {
            organisationId: claimed.organisation_id,
            type: 'invoice.overdue',
            data: {
              invoice_id: id,
              number: claimed.number,
              sponsorship_id: claimed.sponsorship_id,
              event_id: claimed.event_id,
              due_date: claimed.due_date,
              open_cents: Number(claimed.gross_cents) - Number(claimed.paid_cents),
            },
          });
        return true;
      });
    },

    /**
     * Adds a payment (positive amount) or a refund (negative) and the new paid sum in one transaction.
     * The database decides by one conditional update keyed on the row as it is then (issued or paid,
     * 0 ≤ new sum ≤ gross): concurrent payments wait for each other's row lock on PostgreSQL (SQLite
     * runs one transaction at a time) and each sees the sum the other left. Refused ones are told
     * why from the row as it is after the update failed.
     *
     * A payment of the same kind, day and amount as one recorded is a repetition (a double click, a
     * retry, a second tab, a bank statement imported twice) and is refused as 'duplicate' unless
     * `allowRepeat` says it was really paid twice. The check runs after the update, holding the
     * invoice's row lock: a concurrent twin has committed by then, and PostgreSQL's next statement
     * sees it (read committed takes a snapshot per statement).
     */
    async addPayment(
      id: number,
      payment: { paid_on: string; amount_cents: number; recorded_by: string; kind: 'payment' | 'refund' },
      at: Date,
      allowRepeat = false,
    ): Promise<'ok' | 'paid' | PaymentRefusal> {
      return db
        .transaction()
        .execute((trx) => recordPayment(trx, id, payment, at, allowRepeat))
        .catch((error: unknown) => {
          if (error instanceof RepeatedPayment) return 'duplicate' as const;
          throw error;
        });
    },

    async payments(ids: number[]): Promise<PaymentRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('invoice_payments')
        .select(['id', 'invoice_id', 'paid_on', 'amount_cents', 'kind', 'recorded_at'])
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
