import type { InvoiceWire } from '@sp/shared';

/** What the badge shows: the server's status, with a paid share of an open invoice as "partially paid". */
export type InvoiceBadgeStatus = InvoiceWire['status'] | 'partially_paid';

export function badgeStatus(
  invoice: Pick<InvoiceWire, 'status' | 'paid_cents' | 'outstanding_cents'>,
): InvoiceBadgeStatus {
  // An overdue invoice stays "overdue" with a part paid: that is what the organiser has to act on.
  if (invoice.status === 'issued' && invoice.paid_cents > 0 && invoice.outstanding_cents > 0) return 'partially_paid';
  return invoice.status;
}
