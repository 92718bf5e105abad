// The renewal offer a sponsor of the previous edition receives (decision 101): in the sponsor's
// language, naming the package preselected for them and the deadline, with their own invitation link
// to the new event.
import type { Language } from '@sp/shared';
import { composeMail, type MailMessage } from '../../ports/mail/index.ts';

const dayIn = (language: Language, day: string) => {
  const [y, m, d] = day.split('-');
  return language === 'de' ? `${d}.${m}.${y}` : `${d}/${m}/${y}`;
};

const TEXTS = {
  de: (m: OfferMail) => ({
    subject: `Ihr Verlängerungsangebot: ${m.eventTitle}`,
    before: [
      'Guten Tag,',
      `vielen Dank für Ihr Sponsoring bei „${m.previousTitle}“. ${m.organisationName} bietet Ihnen an, auch „${m.eventTitle}“ zu sponsern – für Sie vorausgewählt ist das Paket „${m.packageName}“.`,
      `Bitte antworten Sie bis zum ${dayIn('de', m.deadline)}. Über diesen Link nehmen Sie das Angebot an oder lehnen es ab:`,
    ],
    after: ['Ihre Firmendaten aus dem letzten Jahr schlagen wir Ihnen für die Vereinbarung erneut vor.'],
  }),
  en: (m: OfferMail) => ({
    subject: `Your renewal offer: ${m.eventTitle}`,
    before: [
      'Hello,',
      `thank you for sponsoring "${m.previousTitle}". ${m.organisationName} offers you to sponsor "${m.eventTitle}" as well – the package "${m.packageName}" is preselected for you.`,
      `Please answer by ${dayIn('en', m.deadline)}. This link lets you accept or decline the offer:`,
    ],
    after: ["We will suggest last year's company details for the agreement again."],
  }),
} as const;

export type OfferMail = {
  to: string;
  language: Language;
  organisationName: string;
  previousTitle: string;
  eventTitle: string;
  packageName: string;
  deadline: string;
  url: string;
};

export function renderOfferMail(m: OfferMail): MailMessage {
  const t = TEXTS[m.language](m);
  return composeMail({ to: m.to, subject: t.subject, before: t.before, highlight: { url: m.url }, after: t.after });
}
