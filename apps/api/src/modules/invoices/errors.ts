// The invoices module's refusals, each a problem document with its stable code (packages/shared
// error-codes.ts); the invariants behind the newer ones are decision 060's.
import { fail } from '../../lib/errors.ts';
import type { PaymentRefusal } from './repository.ts';

export const invoiceNotFound = () => fail('invoice.not-found', 'Invoice not found');

/** One open draft per sponsorship: a second would be a second bill for the same thing by mistake. */
export const draftExists = () => fail('invoice.draft-exists', 'The sponsorship has a draft already');
/** One unpaid invoice per sponsorship unless the organiser adds a further one on purpose (decision 060). */
export const openExists = () =>
  fail('invoice.open-exists', 'The sponsorship has an unpaid invoice; add a further invoice explicitly');
export const draftChanged = () =>
  fail('invoice.draft-changed', 'The draft was changed meanwhile; check it and try again');
/** § 14 (4) no. 3 UStG: the issue date is the day it is issued or before, never a day to come. */
export const dateInFuture = (today: string) =>
  fail('invoice.date-in-future', `The invoice date may not be after today (${today})`);

export const cancelledAlready = () => fail('invoice.cancelled', 'The invoice is cancelled');

/** A paid invoice is cancelled only once its money is refunded (decision 060). */
export const refundFirst = (paidCents: number) =>
  fail(
    'invoice.paid-cancel-refund-first',
    `Payments of ${paidCents} cents are recorded; record their refund first, then cancel`,
  );

export const paymentRefused = (why: PaymentRefusal) =>
  why === 'cancelled'
    ? cancelledAlready()
    : why === 'exceeds'
      ? fail('invoice.payment-exceeds-outstanding', 'More than the amount outstanding')
      : why === 'exceeds-paid'
        ? fail('invoice.refund-exceeds-paid', 'More than the amount paid')
        : why === 'duplicate'
          ? fail(
              'invoice.payment-duplicate',
              'The same amount on the same day is recorded already; send allow_duplicate if it was paid twice',
            )
          : fail('invoice.not-issued', 'Payments are recorded on issued invoices');
