// Which incoming payments of a bank statement pay which open invoices (decision 041): by the invoice
// number in the remittance text, the way the invoice asks to be paid ("Verwendungszweck"). Banks and
// payers add spaces, break lines or drop the hyphens, so numbers and text are compared with only
// their letters and digits; a number ending in a digit must not run on into another digit.
import type { InvoiceWire } from '@sp/shared';
import type { StatementCredit } from './bank-statement';

export type PaymentMatch = {
  credit: StatementCredit;
  invoice: InvoiceWire;
  /** What is recorded: the credit, at most what is open. */
  amountCents: number;
  /** exact: pays what is open; partial: less; over: more (the rest is not recorded); recorded: already there. */
  fit: 'exact' | 'partial' | 'over' | 'recorded';
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

export function matchPayments(credits: StatementCredit[], invoices: InvoiceWire[]): StatementMatches {
  const candidates = invoices.filter(isOpen);
  const matches: PaymentMatch[] = [];
  const unmatched: StatementCredit[] = [];
  for (const credit of credits) {
    const named = candidates.filter((invoice) => names(credit.text, invoice.number!));
    // Read twice: a payment of that day and amount is there already (or of what was open, for a transfer of more).
    const recorded = named.find((invoice) =>
      invoice.payments.some(
        (p) =>
          p.paid_on === credit.bookedOn &&
          (p.amount_cents === credit.amountCents ||
            (p.amount_cents < credit.amountCents && invoice.outstanding_cents === 0)),
      ),
    );
    if (recorded) {
      matches.push({ credit, invoice: recorded, amountCents: credit.amountCents, fit: 'recorded' });
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
      });
    } else if (open.length > 1 && open.reduce((sum, i) => sum + i.outstanding_cents, 0) === credit.amountCents) {
      // One transfer for several invoices, to the cent: each is paid in full.
      for (const invoice of open)
        matches.push({ credit, invoice, amountCents: invoice.outstanding_cents, fit: 'exact' });
    } else unmatched.push(credit);
  }
  return { matches, unmatched };
}
