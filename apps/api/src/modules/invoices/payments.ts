// Payments and refunds of an issued invoice (decision 060), split from service.ts: each is one
// conditional write in the repository; reaching the gross amount marks the invoice paid and logs it.
import type { PaymentInput } from '@sp/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import { openExists, paymentRefused } from './errors.ts';
import type { InvoiceRecord, InvoicesRepository } from './repository.ts';

type Organiser = { sub: string; email?: string | undefined };

export function createPayments(deps: {
  repo: InvoicesRepository;
  organiserInvoice: (caller: Organiser, id: number) => Promise<InvoiceRecord>;
  log: (r: InvoiceRecord, kind: 'invoice_paid', by: string, cents: number) => Promise<unknown>;
  now: () => Date;
}) {
  const { repo, organiserInvoice, log, now } = deps;
  return {
    /** POST /invoices/{id}/payments: a (partial) payment; paid when the sum reaches the gross amount. */
    async addPayment(caller: Organiser, id: number, input: PaymentInput): Promise<void> {
      await organiserInvoice(caller, id);
      const payment = { paid_on: input.paid_on, amount_cents: input.amount_cents, kind: 'payment' as const };
      const result = await repo.addPayment(
        id,
        { ...payment, recorded_by: caller.email ?? '' },
        now(),
        input.allow_duplicate,
      );
      if (result !== 'ok' && result !== 'paid') throw paymentRefused(result);
      if (result === 'paid') {
        const after = (await repo.find(id))!;
        await log(after, 'invoice_paid', caller.email ?? '', after.paid_cents);
      }
    },

    /**
     * POST /invoices/{id}/refunds: money paid back to the sponsor, recorded as a negative payment (the
     * payment itself stays, GoBD); what makes a paid invoice cancellable (decision 060).
     */
    async addRefund(caller: Organiser, id: number, input: PaymentInput): Promise<void> {
      await organiserInvoice(caller, id);
      const refund = { paid_on: input.paid_on, amount_cents: -input.amount_cents };
      const result = await repo
        .addPayment(id, { ...refund, kind: 'refund', recorded_by: caller.email ?? '' }, now(), input.allow_duplicate)
        .catch((error: unknown) => {
          // Unpaid again beside another open invoice of the sponsorship (migration 0033's index).
          throw isUniqueViolation(error) ? openExists() : error;
        });
      if (result !== 'ok' && result !== 'paid') throw paymentRefused(result);
    },
  };
}
