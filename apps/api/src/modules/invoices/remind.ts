// POST /invoices/{id}/remind: the organiser sends the next payment reminder of an overdue invoice now,
// as the reminders job would at its stage (the same mail, the same count, so the job does not send
// that stage again), e.g. before the event or with reminders switched off. At most one a day.
import { germanDay } from '../../lib/calendar.ts';
import { fail } from '../../lib/errors.ts';
import type { MailPort } from '../../ports/mail/index.ts';
import { reminderMailOf } from './mail.ts';
import type { InvoiceRecord, InvoicesRepository } from './repository.ts';
import type { Organiser } from './service.ts';
import { outstandingOf, statusOf } from './wire.ts';

export function createManualReminder(deps: {
  repo: Pick<InvoicesRepository, 'claimReminder'>;
  organiserInvoice: (caller: Organiser, id: number) => Promise<InvoiceRecord>;
  mail: MailPort;
  clock?: (() => Date) | undefined;
}) {
  return async (caller: Organiser, id: number): Promise<void> => {
    const invoice = await deps.organiserInvoice(caller, id);
    const today = germanDay((deps.clock ?? (() => new Date()))());
    if (statusOf(invoice, today) !== 'overdue' || outstandingOf(invoice) <= 0)
      throw fail('invoice.not-overdue', 'Only an overdue invoice with an amount open is reminded');
    if (invoice.last_reminder_on === today) throw fail('invoice.reminded-today', 'A reminder went out today already');
    const stage = invoice.reminders_sent + 1;
    // The job or a colleague may have sent this stage meanwhile: then that one stands.
    if (!(await deps.repo.claimReminder(invoice.id, stage, today)))
      throw fail('invoice.reminded-today', 'A reminder went out today already');
    await deps.mail.send(reminderMailOf(invoice, stage));
  };
}
