// Invariants of invoices (modules invoices, billing; decision record 026): money adds up (lines to
// totals, payments to the paid sum, never beyond the total), the status agrees with the money,
// numbers are given on issue, gap-free and in the order of issue, never dated in the future, a
// cancellation pairs with what it cancels, and a sponsorship has one open invoice at a time.
import { germanDay } from '../lib/calendar.ts';
import { fromDbTime, fromDbTimeOrNull, toDbBool } from '../db/values.ts';
import type { Db } from '../db/index.ts';
import { num, type Invariant } from './types.ts';

type Line = { quantity?: unknown; unitPriceCents?: unknown; netCents?: unknown; vatCents?: unknown };

const allInvoices = (db: Db) =>
  db
    .selectFrom('invoices')
    .select([
      'id',
      'organisation_id',
      'sponsorship_id',
      'kind',
      'number',
      'status',
      'invoice_date',
      'net_cents',
      'vat_cents',
      'gross_cents',
      'paid_cents',
      'cancels_invoice_id',
      'cancelled_by_invoice_id',
      'issued_at',
      'created_at',
    ])
    .orderBy('id')
    .execute();

type InvoiceRow = Awaited<ReturnType<typeof allInvoices>>[number];

const label = (r: InvoiceRow) => `invoice ${r.id}${r.number ? ` (${r.number})` : ''}`;

/** A pattern that reads the counter back out of a number made with `format` (billing's number format). */
function counterReader(format: string): (number: string) => number | null {
  const source = format
    .split(/(\{[A-Z]+\})/)
    .map((part) => {
      if (part === '{YYYY}') return '\\d{4}';
      if (part === '{YY}' || part === '{MM}') return '\\d{2}';
      if (/^\{N+\}$/.test(part)) return '(\\d+)';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const pattern = new RegExp(`^${source}$`);
  return (number) => {
    const match = pattern.exec(number);
    return match ? Number(match[1]) : null;
  };
}

export const INVOICE_INVARIANTS: Invariant[] = [
  {
    name: 'invoice.paid-within-total',
    statement:
      "An invoice's paid sum is never negative and never exceeds its total; a cancellation invoice is never paid.",
    async check(db) {
      return (await allInvoices(db)).flatMap((r) => {
        const paid = num(r.paid_cents);
        if (r.kind === 'cancellation') return paid === 0 ? [] : [`cancellation ${label(r)} records ${paid} cents paid`];
        return paid < 0 || paid > num(r.gross_cents)
          ? [`${label(r)} records ${paid} cents paid of a total of ${num(r.gross_cents)}`]
          : [];
      });
    },
  },
  {
    name: 'invoice.paid-equals-payments',
    statement: "An invoice's paid sum is the sum of its recorded payments.",
    async check(db) {
      const rows = await db
        .selectFrom('invoices as i')
        .select((eb) => [
          'i.id',
          'i.number',
          'i.paid_cents',
          eb
            .selectFrom('invoice_payments as p')
            .select((p) => p.fn.sum('p.amount_cents').as('s'))
            .whereRef('p.invoice_id', '=', 'i.id')
            .as('payments'),
        ])
        .execute();
      return rows
        .filter((r) => num(r.paid_cents) !== num(r.payments))
        .map(
          (r) =>
            `invoice ${r.id}${r.number ? ` (${r.number})` : ''} records ${num(r.paid_cents)} cents paid, ` +
            `its payments sum to ${num(r.payments)}`,
        );
    },
  },
  {
    name: 'invoice.status-agrees-with-payments',
    statement: 'An invoice is paid exactly when its payments reach its total; a draft has no payments.',
    async check(db) {
      return (await allInvoices(db)).flatMap((r) => {
        const paid = num(r.paid_cents);
        const gross = num(r.gross_cents);
        if (r.kind !== 'invoice') return [];
        if (r.status === 'paid' && paid !== gross) return [`${label(r)} is paid with ${paid} of ${gross} cents`];
        if (r.status === 'issued' && gross > 0 && paid >= gross)
          return [`${label(r)} is still issued with ${paid} of ${gross} cents paid`];
        if (r.status === 'draft' && paid !== 0) return [`draft ${label(r)} records ${paid} cents paid`];
        return [];
      });
    },
  },
  {
    name: 'invoice.numbered-when-issued',
    statement: 'A draft has no number; every other invoice has a number and an invoice date.',
    async check(db) {
      return (await allInvoices(db)).flatMap((r) => {
        if (r.status === 'draft') return r.number === null ? [] : [`draft ${label(r)} has a number`];
        return r.number === null || r.invoice_date === null
          ? [`${r.status} invoice ${r.id} lacks its ${r.number === null ? 'number' : 'invoice date'}`]
          : [];
      });
    },
  },
  {
    name: 'invoice.not-dated-in-future',
    statement: "An issued invoice's date and moment of issue are never in the future.",
    async check(db, { now }) {
      const today = germanDay(now);
      return (await allInvoices(db)).flatMap((r) => {
        if (r.status === 'draft') return [];
        const issuedAt = fromDbTimeOrNull(r.issued_at);
        const problems: string[] = [];
        if (r.invoice_date !== null && r.invoice_date > today)
          problems.push(`${label(r)} is dated ${r.invoice_date}, after today (${today})`);
        if (issuedAt && issuedAt.getTime() > now.getTime())
          problems.push(`${label(r)} was issued at ${issuedAt.toISOString()}, after ${now.toISOString()}`);
        return problems;
      });
    },
  },
  {
    name: 'invoice.numbers-gap-free',
    statement: "An organisation's invoice numbers are as many as its counter has given: none lost, none twice.",
    async check(db) {
      const counters = await db.selectFrom('invoice_counters').select(['organisation_id', 'last_number']).execute();
      const numbered = await db
        .selectFrom('invoices')
        .select((eb) => ['organisation_id', eb.fn.countAll().as('n')])
        .where('number', 'is not', null)
        .groupBy('organisation_id')
        .execute();
      const given = new Map(counters.map((c) => [c.organisation_id, num(c.last_number)]));
      const used = new Map(numbered.map((c) => [c.organisation_id, num(c.n)]));
      const organisations = [...new Set([...given.keys(), ...used.keys()])].sort((a, b) => a - b);
      return organisations
        .filter((o) => (given.get(o) ?? 0) !== (used.get(o) ?? 0))
        .map(
          (o) =>
            `organisation ${o}: the counter gave ${given.get(o) ?? 0} number(s), ${used.get(o) ?? 0} invoice(s) carry one`,
        );
    },
  },
  {
    name: 'invoice.numbers-follow-issue-order',
    statement:
      "A higher number was issued later and is not dated earlier (numbers read with the organisation's format).",
    async check(db) {
      const formats = new Map(
        (await db.selectFrom('billing_settings').select(['organisation_id', 'number_format']).execute()).map((s) => [
          s.organisation_id,
          counterReader(s.number_format),
        ]),
      );
      const byOrganisation = new Map<number, Array<{ row: InvoiceRow; counter: number; at: number }>>();
      for (const row of await allInvoices(db)) {
        const read = formats.get(row.organisation_id);
        const counter = row.number && read ? read(row.number) : null;
        if (counter === null) continue;
        const at = fromDbTime(row.issued_at ?? row.created_at).getTime();
        const list = byOrganisation.get(row.organisation_id) ?? [];
        list.push({ row, counter, at });
        byOrganisation.set(row.organisation_id, list);
      }
      const problems: string[] = [];
      for (const list of byOrganisation.values()) {
        list.sort((a, b) => a.counter - b.counter);
        for (let i = 1; i < list.length; i++) {
          const before = list[i - 1]!;
          const after = list[i]!;
          if (after.at < before.at)
            problems.push(`${label(after.row)} was issued before ${label(before.row)}, which has the lower number`);
          if (after.row.invoice_date! < before.row.invoice_date!)
            problems.push(
              `${label(after.row)} is dated ${after.row.invoice_date}, before ${label(before.row)} ` +
                `(${before.row.invoice_date}), which has the lower number`,
            );
        }
      }
      return problems;
    },
  },
  {
    name: 'invoice.cancellation-pairs',
    statement:
      'A cancelled invoice names its cancellation invoice, which names it back and is exactly its negative; ' +
      'a cancellation cancels a cancelled invoice.',
    async check(db) {
      const rows = await allInvoices(db);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const problems: string[] = [];
      for (const r of rows) {
        if (r.kind === 'invoice' && r.status === 'cancelled') {
          const c = r.cancelled_by_invoice_id === null ? undefined : byId.get(r.cancelled_by_invoice_id);
          if (!c || c.kind !== 'cancellation' || c.cancels_invoice_id !== r.id)
            problems.push(`cancelled ${label(r)} has no cancellation invoice that names it`);
          else if (num(c.gross_cents) !== -num(r.gross_cents) || num(c.net_cents) !== -num(r.net_cents))
            problems.push(`cancellation ${label(c)} is not the negative of ${label(r)}`);
        } else if (r.kind === 'invoice' && r.cancelled_by_invoice_id !== null) {
          problems.push(`${r.status} ${label(r)} names a cancellation invoice`);
        }
        if (r.kind === 'cancellation') {
          const original = r.cancels_invoice_id === null ? undefined : byId.get(r.cancels_invoice_id);
          if (!original || original.status !== 'cancelled' || original.cancelled_by_invoice_id !== r.id)
            problems.push(`cancellation ${label(r)} does not cancel a cancelled invoice that names it`);
        }
      }
      return problems;
    },
  },
  {
    name: 'invoice.cancelled-keeps-no-payment',
    statement:
      'A cancelled invoice keeps no payment without a refund: cancelling a paid invoice is refused or refunds what was paid.',
    async check(db) {
      return (await allInvoices(db))
        .filter((r) => r.kind === 'invoice' && r.status === 'cancelled' && num(r.paid_cents) > 0)
        .map((r) => `cancelled ${label(r)} keeps ${num(r.paid_cents)} cents paid without a refund`);
    },
  },
  {
    name: 'invoice.one-open-per-sponsorship',
    statement:
      'A sponsorship has at most one open (draft) or unpaid (issued) invoice, besides those the organiser explicitly ' +
      'added as further invoices.',
    async check(db) {
      const rows = await db
        .selectFrom('invoices')
        .select((eb) => ['sponsorship_id', eb.fn.countAll().as('n')])
        .where('kind', '=', 'invoice')
        .where('status', 'in', ['draft', 'issued'])
        .where('further_invoice', '=', toDbBool(false))
        .groupBy('sponsorship_id')
        .execute();
      return rows
        .filter((r) => num(r.n) > 1)
        .map((r) => `sponsorship ${r.sponsorship_id} has ${num(r.n)} open or unpaid invoices`);
    },
  },
  {
    name: 'invoice.lines-sum-to-totals',
    statement:
      "An invoice's lines are quantity × unit price, and its net, VAT and gross totals are the sums of its lines.",
    async check(db) {
      const rows = await db
        .selectFrom('invoices')
        .select(['id', 'number', 'snapshot', 'net_cents', 'vat_cents', 'gross_cents'])
        .orderBy('id')
        .execute();
      const problems: string[] = [];
      for (const r of rows) {
        const name = `invoice ${r.id}${r.number ? ` (${r.number})` : ''}`;
        let lines: Line[];
        try {
          lines = (JSON.parse(r.snapshot) as { lines?: Line[] }).lines ?? [];
        } catch {
          problems.push(`${name} has a snapshot that is not JSON`);
          continue;
        }
        const wrong = lines.findIndex((l) => num(l.quantity) * num(l.unitPriceCents) !== num(l.netCents));
        if (wrong >= 0) problems.push(`${name}: line ${wrong + 1} is not quantity × unit price`);
        const net = lines.reduce((s, l) => s + num(l.netCents), 0);
        const vat = lines.reduce((s, l) => s + num(l.vatCents), 0);
        if (net !== num(r.net_cents) || vat !== num(r.vat_cents) || num(r.gross_cents) !== net + vat)
          problems.push(
            `${name} totals net ${num(r.net_cents)}, VAT ${num(r.vat_cents)}, gross ${num(r.gross_cents)}; ` +
              `its lines net ${net}, VAT ${vat}`,
          );
      }
      return problems;
    },
  },
  {
    name: 'invoice.of-confirmed-sponsorship',
    statement: 'An invoice belongs to a confirmed sponsorship of its organisation (while the sponsorship exists).',
    async check(db) {
      const rows = await db
        .selectFrom('invoices as i')
        .innerJoin('sponsorships as s', 's.id', 'i.sponsorship_id')
        .select([
          'i.id',
          'i.number',
          'i.organisation_id',
          's.id as sponsorship',
          's.status',
          's.organisation_id as own',
        ])
        .where((eb) =>
          eb.or([eb('s.status', '!=', 'confirmed'), eb('s.organisation_id', '!=', eb.ref('i.organisation_id'))]),
        )
        .execute();
      return rows.map((r) =>
        r.status !== 'confirmed'
          ? `invoice ${r.id}${r.number ? ` (${r.number})` : ''} bills sponsorship ${r.sponsorship}, which is ${r.status}`
          : `invoice ${r.id} of organisation ${r.organisation_id} bills sponsorship ${r.sponsorship} of organisation ${r.own}`,
      );
    },
  },
];
