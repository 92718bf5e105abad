// The invoice mails say where to transfer to (account holder, IBAN in groups, BIC, the number as the
// reference), in the buyer's language; a reminder, having no attachment, says it too.
import { describe, expect, it } from 'vitest';
import { invoiceMail, reminderMail } from './mail.ts';

const base = {
  to: 'buchhaltung@brauerei.example',
  number: 'RE-2026-0007',
  seller: 'Sportverein Musterstadt e.V.',
  event: 'Stadtlauf',
  grossCents: 297_500,
  dueDate: '2026-12-11',
  bank: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
};

describe('invoice mails', () => {
  it('name the account and the reference in English', () => {
    const mail = invoiceMail({ ...base, language: 'en', kind: 'invoice', attachments: [] });
    expect(mail.text).toContain(
      'Please transfer the amount by 11 Dec 2026 to Sportverein Musterstadt e.V., IBAN DE89 3704 0044 0532 0130 00, ' +
        'BIC COBADEFFXXX, with the payment reference RE-2026-0007.',
    );
    const reminder = reminderMail({ ...base, language: 'en', stage: 2, outstandingCents: 100_000 });
    expect(reminder.subject).toBe('Payment reminder 2: invoice RE-2026-0007 from Sportverein Musterstadt e.V.');
    expect(reminder.text).toContain('€1,000.00 are still open');
    expect(reminder.text).toContain(
      'IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX, with the payment reference RE-2026-0007.',
    );
  });

  it('say nothing about paying on a cancellation invoice', () => {
    const mail = invoiceMail({ ...base, language: 'de', kind: 'cancellation', attachments: [] });
    expect(mail.text).not.toContain('IBAN');
  });
});
