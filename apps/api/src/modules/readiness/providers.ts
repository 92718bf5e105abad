// The readiness board's columns come from providers (decision 080): each answers, for one event, its
// columns with a cell per sponsorship it concerns, in a few set-based queries (never one per row). The
// board is the union of what PROVIDERS answer; a new kind of thing to be ready (tickets, shipments) is
// one provider and one line in PROVIDERS. Providers only read; the tables stay their owners' to write.
import type { Db } from '../../db/index.ts';
import { shipmentReadiness } from '../shipments/index.ts';
import { ticketReadiness } from '../tickets/index.ts';

export type ReadinessCell = {
  state: 'done' | 'waiting_sponsor' | 'waiting_us' | 'overdue';
  /** A short code of what the cell shows (`signed`, `issued`, `open` ...); the web translates known ones. */
  label: string;
  due?: string | null;
  /** Who is responsible on the organisation's side (a deliverable's assignee). */
  assignee?: string | null;
};

export type ReadinessColumn = { columnKey: string; title: string; cells: Map<number, ReadinessCell> };

/**
 * The events a board covers: one (the event's board) or the organisation's upcoming ones (the board
 * across events); a provider answers them all with the same few queries.
 */
export type ReadinessScope = { organisationId: number; eventIds: readonly number[]; today: string };

export type ReadinessProvider = {
  key: string;
  columns(db: Db, scope: ReadinessScope): Promise<ReadinessColumn[]>;
};

/** The rows the board has: sponsorships of the event that are not declined or withdrawn. */
export const LIVE_STATUSES = ['invited', 'downloaded', 'signed', 'confirmed'] as const;

const agreementProvider: ReadinessProvider = {
  key: 'agreement',
  async columns(db, { eventIds }) {
    if (eventIds.length === 0) return [];
    const rows = await db
      .selectFrom('sponsorships')
      .select(['id', 'status'])
      .where('event_id', 'in', [...eventIds])
      .where('status', 'in', [...LIVE_STATUSES])
      .execute();
    const cells = new Map<number, ReadinessCell>();
    for (const r of rows) {
      const cell: ReadinessCell =
        r.status === 'confirmed'
          ? { state: 'done', label: 'confirmed' }
          : r.status === 'signed'
            ? { state: 'waiting_us', label: 'signed' }
            : { state: 'waiting_sponsor', label: r.status === 'downloaded' ? 'downloaded' : 'not_signed' };
      cells.set(Number(r.id), cell);
    }
    return [{ columnKey: 'agreement', title: 'agreement', cells }];
  },
};

/** Invoice and payment from the sponsorship's latest invoice that is not cancelled (one query). */
const billingProvider: ReadinessProvider = {
  key: 'billing',
  async columns(db, { eventIds, today }) {
    if (eventIds.length === 0) return [];
    const [sponsorships, invoices] = await Promise.all([
      db
        .selectFrom('sponsorships')
        .select(['id', 'status'])
        .where('event_id', 'in', [...eventIds])
        .where('status', 'in', [...LIVE_STATUSES])
        .execute(),
      db
        .selectFrom('invoices')
        .select(['id', 'sponsorship_id', 'status', 'due_date'])
        .where('event_id', 'in', [...eventIds])
        .where('kind', '=', 'invoice')
        .where('status', '!=', 'cancelled')
        .orderBy('id')
        .execute(),
    ]);
    const latest = new Map<number, (typeof invoices)[number]>();
    for (const invoice of invoices) latest.set(Number(invoice.sponsorship_id), invoice);
    const invoiceCells = new Map<number, ReadinessCell>();
    const paymentCells = new Map<number, ReadinessCell>();
    for (const s of sponsorships) {
      const id = Number(s.id);
      const invoice = latest.get(id);
      if (!invoice) {
        invoiceCells.set(id, { state: 'waiting_us', label: 'not_issued' });
        paymentCells.set(id, { state: 'waiting_us', label: 'not_invoiced' });
        continue;
      }
      if (invoice.status === 'draft') {
        invoiceCells.set(id, { state: 'waiting_us', label: 'draft' });
        paymentCells.set(id, { state: 'waiting_us', label: 'not_invoiced' });
        continue;
      }
      invoiceCells.set(id, { state: 'done', label: 'issued' });
      const due = invoice.due_date;
      paymentCells.set(
        id,
        invoice.status === 'paid'
          ? { state: 'done', label: 'paid', due }
          : due !== null && due < today
            ? { state: 'overdue', label: 'unpaid', due }
            : { state: 'waiting_sponsor', label: 'unpaid', due },
      );
    }
    return [
      { columnKey: 'invoice', title: 'invoice', cells: invoiceCells },
      { columnKey: 'payment', title: 'payment', cells: paymentCells },
    ];
  },
};

/**
 * One column per deliverable title of the event (the packages' benefits: "Logo" of Gold and Silver
 * is one column), in the order the benefits first appear.
 */
const deliverablesProvider: ReadinessProvider = {
  key: 'deliverables',
  async columns(db, { eventIds, today }) {
    if (eventIds.length === 0) return [];
    const rows = await db
      .selectFrom('deliverables as d')
      .innerJoin('sponsorships as s', 's.id', 'd.sponsorship_id')
      .select([
        'd.sponsorship_id',
        'd.title',
        'd.status',
        'd.due_date',
        'd.needs_sponsor_input',
        'd.sponsor_input',
        'd.assignee',
        'd.position',
      ])
      .where('d.event_id', 'in', [...eventIds])
      .where('s.status', 'in', [...LIVE_STATUSES])
      .orderBy('d.position')
      .orderBy('d.id')
      .execute();
    const columns = new Map<string, ReadinessColumn>();
    for (const r of rows) {
      const columnKey = `deliverable:${r.title.trim().toLowerCase()}`;
      const column = columns.get(columnKey) ?? { columnKey, title: r.title, cells: new Map() };
      columns.set(columnKey, column);
      const due = r.due_date;
      const needsSponsor = (r.needs_sponsor_input === true || r.needs_sponsor_input === 1) && r.sponsor_input === null;
      const cell: ReadinessCell =
        r.status === 'done' || r.status === 'waived'
          ? { state: 'done', label: r.status, due }
          : due !== null && due < today
            ? { state: 'overdue', label: needsSponsor ? 'missing' : r.status, due }
            : needsSponsor
              ? { state: 'waiting_sponsor', label: 'missing', due }
              : {
                  state: 'waiting_us',
                  label: r.status === 'in_progress' ? 'in_progress' : r.sponsor_input !== null ? 'provided' : 'open',
                  due,
                };
      column.cells.set(Number(r.sponsorship_id), { ...cell, assignee: r.assignee });
    }
    return [...columns.values()];
  },
};

/** Noon UTC of the board's German day: the moment the tickets and shipments columns judge at. */
const atNoonOf = (today: string) => new Date(`${today}T12:00:00Z`);

/** Named seats of the tickets benefits (decision 081). */
const ticketsProvider: ReadinessProvider = {
  key: 'tickets',
  columns: (db, { organisationId, eventIds, today }) =>
    ticketReadiness(db, { organisationId, eventIds }, atNoonOf(today)),
};

/** Parcels announced and received at the venue (decision 082). */
const shipmentsProvider: ReadinessProvider = {
  key: 'shipments',
  columns: (db, { organisationId, eventIds, today }) =>
    shipmentReadiness(db, { organisationId, eventIds }, atNoonOf(today)),
};

/** The board's providers, in column order. */
export const PROVIDERS: ReadinessProvider[] = [
  agreementProvider,
  billingProvider,
  deliverablesProvider,
  ticketsProvider,
  shipmentsProvider,
];

/**
 * Whether a cell is the sponsor's to act on (what a chaser lists): waiting for them, or overdue on
 * their side (an overdue deliverable they must still provide, an unpaid invoice past its due date).
 */
export const sponsorOwes = (cell: ReadinessCell): boolean =>
  cell.state === 'waiting_sponsor' ||
  (cell.state === 'overdue' && (cell.label === 'missing' || cell.label === 'unpaid'));
