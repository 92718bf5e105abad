// The sponsor view's reads and the notes' writes (decision 109). A read model over the tables of the
// sponsorships, packages, fulfilment, invoices and sponsor-profiles modules, read (never written)
// here so that a sponsor's page is a fixed number of grouped queries whatever the number of events:
// a service call per sponsorship would make an organiser with 40 sponsors and 5 events wait for
// hundreds of them. Every query is bound to the caller's organisation first.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { fromDbTime, toDbTime } from '../../db/values.ts';
import { sponsorshipFigureColumns, toSponsorshipFigures } from '../sponsorships/index.ts';
import type { SponsorshipStatus } from '@sp/shared';

const n = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

export type SponsorRow = {
  emailNormalized: string;
  email: string;
  events: number;
  committedCents: number;
  inNegotiationCents: number;
  latestEventTitle: string;
  latestEventDate: string;
  latestStatus: SponsorshipStatus;
};

export type HistoryRecord = {
  sponsorshipId: number;
  eventId: number;
  eventTitle: string;
  eventDate: string;
  status: SponsorshipStatus;
  email: string;
  packageName: string | null;
  amountCents: number | null;
  hasAccount: boolean;
};

export type DeliveryCounts = { total: number; done: number; waived: number; late: number };

export type InvoiceRow = {
  id: number;
  sponsorshipId: number;
  eventTitle: string;
  number: string | null;
  kind: 'invoice' | 'cancellation';
  status: 'draft' | 'issued' | 'paid' | 'cancelled';
  invoiceDate: string | null;
  dueDate: string | null;
  grossCents: number;
  paidCents: number;
};

export type PaymentRow = {
  invoiceId: number;
  invoiceNumber: string | null;
  paidOn: string;
  amountCents: number;
  kind: 'payment' | 'refund';
};

export type NoteRecord = { id: number; text: string; authorEmail: string; createdAt: Date };

export type SponsorOwnDetails = {
  publicName: string | null;
  website: string | null;
  legalName: string | null;
  billingEmail: string | null;
  city: string | null;
  country: string | null;
};

export function createSponsorViewRepository(db: Db) {
  return {
    /** Per sponsor address of the organisation: the figures over its sponsorships and how many events. */
    async sponsorsOf(organisationId: number): Promise<SponsorRow[]> {
      const [figures, latest] = await Promise.all([
        db
          .selectFrom('sponsorships as s')
          .where('s.organisation_id', '=', organisationId)
          .select('s.sponsor_email_normalized')
          .select(sql<number>`count(distinct s.event_id)`.as('events'))
          .select(sponsorshipFigureColumns())
          .groupBy('s.sponsor_email_normalized')
          .execute(),
        // One row per sponsorship, newest event first: the first of each address is its latest.
        db
          .selectFrom('sponsorships as s')
          .innerJoin('events as e', 'e.id', 's.event_id')
          .where('s.organisation_id', '=', organisationId)
          .select(['s.sponsor_email_normalized', 's.sponsor_email', 's.status', 'e.title', 'e.event_date'])
          .orderBy('e.event_date', 'desc')
          .orderBy('s.id', 'desc')
          .execute(),
      ]);
      const latestOf = new Map<string, (typeof latest)[number]>();
      for (const row of latest)
        if (!latestOf.has(row.sponsor_email_normalized)) latestOf.set(row.sponsor_email_normalized, row);
      return figures.flatMap((row) => {
        const last = latestOf.get(row.sponsor_email_normalized);
        if (!last) return [];
        const sums = toSponsorshipFigures(row);
        return [
          {
            emailNormalized: row.sponsor_email_normalized,
            email: last.sponsor_email,
            events: n(row.events),
            committedCents: sums.committed_cents,
            inNegotiationCents: sums.in_negotiation_cents,
            latestEventTitle: last.title,
            latestEventDate: last.event_date,
            latestStatus: last.status,
          },
        ];
      });
    },

    /** The sponsor's names and details as the sponsor entered them, per address (one query each). */
    async ownDetails(emailsNormalized: string[]): Promise<Map<string, SponsorOwnDetails>> {
      const details = new Map<string, SponsorOwnDetails>();
      if (emailsNormalized.length === 0) return details;
      const [profiles, legal] = await Promise.all([
        db
          .selectFrom('sponsor_profiles')
          .select(['email_normalized', 'public_name', 'website'])
          .where('email_normalized', 'in', emailsNormalized)
          .execute(),
        db
          .selectFrom('sponsor_legal_details')
          .select(['email_normalized', 'legal_name', 'billing_email', 'city', 'country'])
          .where('email_normalized', 'in', emailsNormalized)
          .execute(),
      ]);
      const blank = (): SponsorOwnDetails => ({
        publicName: null,
        website: null,
        legalName: null,
        billingEmail: null,
        city: null,
        country: null,
      });
      for (const row of legal) {
        details.set(row.email_normalized, {
          ...blank(),
          legalName: row.legal_name.trim() || null,
          billingEmail: row.billing_email,
          city: row.city,
          country: row.country,
        });
      }
      for (const row of profiles) {
        const entry = details.get(row.email_normalized) ?? blank();
        details.set(row.email_normalized, {
          ...entry,
          publicName: row.public_name.trim() || null,
          website: row.website,
        });
      }
      return details;
    },

    /** The address's sponsorships with this organisation, newest event first, with the chosen package. */
    async history(organisationId: number, emailNormalized: string): Promise<HistoryRecord[]> {
      const rows = await db
        .selectFrom('sponsorships as s')
        .innerJoin('events as e', 'e.id', 's.event_id')
        .leftJoin('sponsorship_choices as c', 'c.sponsorship_id', 's.id')
        .leftJoin('packages as p', 'p.id', 'c.package_id')
        .where('s.organisation_id', '=', organisationId)
        .where('s.sponsor_email_normalized', '=', emailNormalized)
        .select([
          's.id',
          's.event_id',
          'e.title',
          'e.event_date',
          's.status',
          's.sponsor_email',
          's.amount_cents',
          's.sponsor_cognito_id',
          'p.name as package_name',
        ])
        .orderBy('e.event_date', 'desc')
        .orderBy('s.id', 'desc')
        .execute();
      return rows.map((row) => ({
        sponsorshipId: row.id,
        eventId: row.event_id,
        eventTitle: row.title,
        eventDate: row.event_date,
        status: row.status,
        email: row.sponsor_email,
        packageName: row.package_name,
        amountCents: row.amount_cents === null ? null : n(row.amount_cents),
        hasAccount: row.sponsor_cognito_id !== null,
      }));
    },

    /** Per sponsorship: its deliverables counted by state; late = neither done nor waived, past due. */
    async delivery(
      organisationId: number,
      sponsorshipIds: number[],
      today: string,
    ): Promise<Map<number, DeliveryCounts>> {
      const counts = new Map<number, DeliveryCounts>();
      if (sponsorshipIds.length === 0) return counts;
      const rows = await db
        .selectFrom('deliverables as d')
        .where('d.organisation_id', '=', organisationId)
        .where('d.sponsorship_id', 'in', sponsorshipIds)
        .select('d.sponsorship_id')
        .select(sql<number>`count(*)`.as('total'))
        .select(sql<number>`count(case when d.status = 'done' then 1 end)`.as('done'))
        .select(sql<number>`count(case when d.status = 'waived' then 1 end)`.as('waived'))
        .select(
          sql<number>`count(case when d.status not in ('done', 'waived') and d.due_date < ${today} then 1 end)`.as(
            'late',
          ),
        )
        .groupBy('d.sponsorship_id')
        .execute();
      for (const row of rows) {
        counts.set(row.sponsorship_id, {
          total: n(row.total),
          done: n(row.done),
          waived: n(row.waived),
          late: n(row.late),
        });
      }
      return counts;
    },

    async invoices(organisationId: number, emailNormalized: string): Promise<InvoiceRow[]> {
      const rows = await db
        .selectFrom('invoices')
        .where('organisation_id', '=', organisationId)
        .where('sponsor_email_normalized', '=', emailNormalized)
        .select([
          'id',
          'sponsorship_id',
          'event_title',
          'number',
          'kind',
          'status',
          'invoice_date',
          'due_date',
          'gross_cents',
          'paid_cents',
        ])
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        sponsorshipId: row.sponsorship_id,
        eventTitle: row.event_title,
        number: row.number,
        kind: row.kind,
        status: row.status,
        invoiceDate: row.invoice_date,
        dueDate: row.due_date,
        grossCents: n(row.gross_cents),
        paidCents: n(row.paid_cents),
      }));
    },

    async payments(organisationId: number, emailNormalized: string): Promise<PaymentRow[]> {
      const rows = await db
        .selectFrom('invoice_payments as p')
        .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
        .where('i.organisation_id', '=', organisationId)
        .where('i.sponsor_email_normalized', '=', emailNormalized)
        .select(['p.invoice_id', 'i.number', 'p.paid_on', 'p.amount_cents', 'p.kind'])
        .orderBy('p.paid_on', 'desc')
        .orderBy('p.id', 'desc')
        .execute();
      return rows.map((row) => ({
        invoiceId: row.invoice_id,
        invoiceNumber: row.number,
        paidOn: row.paid_on,
        amountCents: n(row.amount_cents),
        kind: row.kind,
      }));
    },

    async notes(organisationId: number, emailNormalized: string): Promise<NoteRecord[]> {
      const rows = await db
        .selectFrom('sponsor_notes')
        .where('organisation_id', '=', organisationId)
        .where('sponsor_email_normalized', '=', emailNormalized)
        .select(['id', 'text', 'author_email', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        text: row.text,
        authorEmail: row.author_email,
        createdAt: fromDbTime(row.created_at),
      }));
    },

    /** Every note an author wrote, oldest first (their data export). */
    async notesBy(authorSub: string): Promise<Array<NoteRecord & { sponsorEmailNormalized: string }>> {
      const rows = await db
        .selectFrom('sponsor_notes')
        .where('author_sub', '=', authorSub)
        .select(['id', 'sponsor_email_normalized', 'text', 'author_email', 'created_at'])
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        sponsorEmailNormalized: row.sponsor_email_normalized,
        text: row.text,
        authorEmail: row.author_email,
        createdAt: fromDbTime(row.created_at),
      }));
    },

    /** Adds a note; the service has checked that the address is a sponsor of the organisation. */
    async addNote(
      organisationId: number,
      emailNormalized: string,
      author: { sub: string; email: string },
      text: string,
      now: Date,
    ): Promise<NoteRecord> {
      const inserted = await db
        .insertInto('sponsor_notes')
        .values({
          organisation_id: organisationId,
          sponsor_email_normalized: emailNormalized,
          text,
          author_sub: author.sub,
          author_email: author.email,
          created_at: toDbTime(now),
        })
        .returning(['id'])
        .executeTakeFirstOrThrow();
      return { id: inserted.id, text, authorEmail: author.email, createdAt: now };
    },
  };
}

export type SponsorViewRepository = ReturnType<typeof createSponsorViewRepository>;
