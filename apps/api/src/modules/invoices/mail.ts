// The invoice mails in the buyer's language: the issued invoice (or cancellation) with its ZUGFeRD
// PDF and XRechnung XML attached, and the payment reminders by stage.
import { composeMail, type MailAttachment, type MailMessage } from '../../ports/mail/index.ts';
import type { InvoiceRecord } from './repository.ts';
import { outstandingOf } from './wire.ts';
import { groupIban } from '@sp/shared';
import { formatMoney } from './money.ts';
import { readableDate } from './pdf-texts.ts';

type InvoiceMail = {
  to: string;
  language: 'de' | 'en';
  kind: 'invoice' | 'cancellation';
  number: string;
  seller: string;
  event: string;
  grossCents: number;
  dueDate: string | null;
  /** The seller's account as printed on the invoice: the mail says where to transfer to. */
  bank: { iban: string; bic: string };
  attachments: MailAttachment[];
};

/** Where and how to transfer: the account holder (the seller), IBAN, BIC and the number as reference. */
const transferTo = (m: Pick<InvoiceMail, 'language' | 'seller' | 'bank' | 'number'>) =>
  m.language === 'en'
    ? `to ${m.seller}, IBAN ${groupIban(m.bank.iban)}, BIC ${m.bank.bic}, with the payment reference ${m.number}`
    : `an ${m.seller}, IBAN ${groupIban(m.bank.iban)}, BIC ${m.bank.bic}, mit dem Verwendungszweck ${m.number}`;

const compose = (to: string, subject: string, paragraphs: string[], attachments?: MailAttachment[]): MailMessage =>
  composeMail({ to, subject, before: paragraphs, ...(attachments ? { attachments } : {}) });

export function invoiceMail(m: InvoiceMail): MailMessage {
  const amount = formatMoney(m.grossCents, m.language);
  const due = m.dueDate ? readableDate(m.dueDate, m.language) : null;
  if (m.language === 'en') {
    const what = m.kind === 'cancellation' ? 'cancellation invoice' : 'invoice';
    return compose(
      m.to,
      `Your ${what} ${m.number} from ${m.seller}`,
      [
        'Hello,',
        `please find attached our ${what} ${m.number} for your sponsorship of "${m.event}" (${amount}).`,
        ...(m.kind === 'invoice' && due ? [`Please transfer the amount by ${due} ${transferTo(m)}.`] : []),
        'Attached: the invoice as PDF (ZUGFeRD, with the e-invoice embedded) and as XRechnung XML.',
        `Kind regards\n${m.seller}`,
      ],
      m.attachments,
    );
  }
  const what = m.kind === 'cancellation' ? 'Stornorechnung' : 'Rechnung';
  return compose(
    m.to,
    `Ihre ${what} ${m.number} von ${m.seller}`,
    [
      'Guten Tag,',
      `anbei erhalten Sie unsere ${what} ${m.number} für Ihr Sponsoring von „${m.event}“ (${amount}).`,
      ...(m.kind === 'invoice' && due ? [`Bitte überweisen Sie den Betrag bis zum ${due} ${transferTo(m)}.`] : []),
      'Im Anhang: die Rechnung als PDF (ZUGFeRD, mit eingebetteter E-Rechnung) und als XRechnung-XML.',
      `Mit freundlichen Grüßen\n${m.seller}`,
    ],
    m.attachments,
  );
}

export function reminderMail(
  m: Omit<InvoiceMail, 'attachments' | 'kind'> & { stage: number; outstandingCents: number },
) {
  const amount = formatMoney(m.outstandingCents, m.language);
  const due = m.dueDate ? readableDate(m.dueDate, m.language) : '';
  if (m.language === 'en')
    return compose(m.to, `Payment reminder ${m.stage}: invoice ${m.number} from ${m.seller}`, [
      'Hello,',
      `our invoice ${m.number} for your sponsorship of "${m.event}" was due on ${due}; ${amount} are still open.`,
      `Please transfer the amount soon ${transferTo(m)}. If you have paid already, please ignore this reminder.`,
      `Kind regards\n${m.seller}`,
    ]);
  return compose(m.to, `Zahlungserinnerung ${m.stage}: Rechnung ${m.number} von ${m.seller}`, [
    'Guten Tag,',
    `unsere Rechnung ${m.number} für Ihr Sponsoring von „${m.event}“ war am ${due} fällig; offen sind noch ${amount}.`,
    `Bitte überweisen Sie den Betrag in den nächsten Tagen ${transferTo(m)}. Falls Sie schon gezahlt haben, betrachten Sie diese Erinnerung bitte als gegenstandslos.`,
    `Mit freundlichen Grüßen\n${m.seller}`,
  ]);
}

/** The reminder of stage `stage` for an issued invoice, to its buyer's billing address. */
export const reminderMailOf = (invoice: InvoiceRecord, stage: number) =>
  reminderMail({
    to: invoice.snapshot.buyer.email ?? invoice.sponsor_email,
    language: invoice.language,
    number: invoice.number ?? '',
    seller: invoice.snapshot.seller.name,
    event: invoice.event_title,
    grossCents: invoice.gross_cents,
    outstandingCents: outstandingOf(invoice),
    dueDate: invoice.due_date,
    bank: invoice.snapshot.bank,
    stage,
  });
