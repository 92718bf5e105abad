// Which incoming payments of a bank statement pay which open invoices (decision 041): by the invoice
// number in the remittance text, the way the invoice asks to be paid ("Verwendungszweck"). Banks and
// payers add spaces, break lines or drop the hyphens, so numbers and text are compared with only
// their letters and digits; a number ending in a digit must not run on into another digit. A credit
// naming no invoice is proposed for the one open invoice whose open amount it pays to the cent and
// whose buyer is the payer (payer-names.ts); the organiser confirms each such proposal.
import type { InvoiceWire } from '@sp/shared';
import type { StatementCredit } from './bank-statement';
import { isSamePayer } from './payer-names';

export type PaymentMatch = {
  credit: StatementCredit;
  invoice: InvoiceWire;
  /** What is recorded: the credit, at most what is open. */
  amountCents: number;
  /** exact: pays what is open; partial: less; over: more (the rest is not recorded); recorded: already there. */
  fit: 'exact' | 'partial' | 'over' | 'recorded';
  /** number: the remittance text names the invoice; payer: proposed by amount and payer, to be confirmed. */
  by: 'number' | 'payer';
};

export type StatementMatches = {
  matches: PaymentMatch[];
  /** Credits that name no open invoice (or name several without paying them exactly). */
  unmatched: StatementCredit[];
};

const squeeze = (value: string) => value.toUpperCase().replace(/[^0-9A-Z]/g, '');

function names(text: string, number: string): boolean {
  const needle = squeeze(number);
  if (!needle) return false;
  const haystack = squeeze(text);
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const after = haystack[at + needle.length];
    const before = haystack[at - 1];
    const runsOn = (edge: string | undefined, neighbour: string | undefined) =>
      neighbour !== undefined && /\d/.test(edge!) && /\d/.test(neighbour);
    if (!runsOn(needle.at(-1), after) && !runsOn(needle[0], before)) return true;
  }
  return false;
}

const isOpen = (invoice: InvoiceWire) =>
  invoice.kind === 'invoice' &&
  invoice.number !== null &&
  (invoice.status === 'issued' || invoice.status === 'overdue' || invoice.status === 'paid');

/** Read twice: a payment of that day and amount is there already (or of what was open, for a transfer of more). */
const hasRecorded = (invoice: InvoiceWire, credit: StatementCredit) =>
  invoice.payments.some(
    (p) =>
      p.kind === 'payment' &&
      p.paid_on === credit.bookedOn &&
      (p.amount_cents === credit.amountCents ||
        (p.amount_cents < credit.amountCents && invoice.outstanding_cents === 0)),
  );

/**
 * Credits naming no invoice: each proposed for the one invoice of its payer whose open amount it pays
 * to the cent (not one a credit of the statement names), or known as recorded by day and amount.
 */
function proposeByPayer(
  credits: StatementCredit[],
  candidates: InvoiceWire[],
  taken: PaymentMatch[],
): StatementMatches {
  const found = credits.map((credit) => {
    const theirs = candidates.filter((invoice) => isSamePayer(credit.payer, invoice.buyer.name));
    const recorded = theirs.find((invoice) =>
      invoice.payments.some(
        (p) => p.kind === 'payment' && p.paid_on === credit.bookedOn && p.amount_cents === credit.amountCents,
      ),
    );
    if (recorded) return { credit, invoice: recorded, fit: 'recorded' as const };
    const open = theirs.filter(
      (invoice) =>
        invoice.outstanding_cents === credit.amountCents && !taken.some((match) => match.invoice.id === invoice.id),
    );
    return { credit, invoice: open.length === 1 ? open[0]! : null, fit: 'exact' as const };
  });
  const proposals = new Map<number, number>(); // invoice id -> credits proposed for it
  for (const { invoice, fit } of found)
    if (invoice && fit === 'exact') proposals.set(invoice.id, (proposals.get(invoice.id) ?? 0) + 1);
  const matches: PaymentMatch[] = [];
  const unmatched: StatementCredit[] = [];
  for (const { credit, invoice, fit } of found) {
    // Two credits for one invoice: which of them paid it is the organiser's call.
    if (invoice && (fit === 'recorded' || proposals.get(invoice.id) === 1))
      matches.push({ credit, invoice, amountCents: credit.amountCents, fit, by: 'payer' });
    else unmatched.push(credit);
  }
  return { matches, unmatched };
}

export function matchPayments(credits: StatementCredit[], invoices: InvoiceWire[]): StatementMatches {
  const candidates = invoices.filter(isOpen);
  const matches: PaymentMatch[] = [];
  const unmatched: StatementCredit[] = [];
  const withoutNumber: StatementCredit[] = [];
  for (const credit of credits) {
    const named = candidates.filter((invoice) => names(credit.text, invoice.number!));
    if (named.length === 0) {
      withoutNumber.push(credit);
      continue;
    }
    const recorded = named.find((invoice) => hasRecorded(invoice, credit));
    if (recorded) {
      matches.push({ credit, invoice: recorded, amountCents: credit.amountCents, fit: 'recorded', by: 'number' });
      continue;
    }
    const open = named.filter((invoice) => invoice.outstanding_cents > 0);
    if (open.length === 1) {
      const invoice = open[0]!;
      const outstanding = invoice.outstanding_cents;
      matches.push({
        credit,
        invoice,
        amountCents: Math.min(credit.amountCents, outstanding),
        fit: credit.amountCents === outstanding ? 'exact' : credit.amountCents < outstanding ? 'partial' : 'over',
        by: 'number',
      });
    } else if (open.length > 1 && open.reduce((sum, i) => sum + i.outstanding_cents, 0) === credit.amountCents) {
      // One transfer for several invoices, to the cent: each is paid in full.
      for (const invoice of open)
        matches.push({ credit, invoice, amountCents: invoice.outstanding_cents, fit: 'exact', by: 'number' });
    } else unmatched.push(credit);
  }
  const byPayer = proposeByPayer(withoutNumber, candidates, matches);
  // In the statement's order: a credit's place says when it came.
  const order = new Map(credits.map((credit, index) => [credit, index]));
  const inOrder = <T>(list: T[], creditOf: (item: T) => StatementCredit) =>
    list.sort((a, b) => order.get(creditOf(a))! - order.get(creditOf(b))!);
  return {
    matches: inOrder([...matches, ...byPayer.matches], (match) => match.credit),
    unmatched: inOrder([...unmatched, ...byPayer.unmatched], (credit) => credit),
  };
}
