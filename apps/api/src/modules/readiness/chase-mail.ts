// The chaser a sponsor receives (decision 080): one mail in the sponsor's language listing exactly the
// items queued with it, each with the sponsor's own link (a fresh guest link, or the sponsor dashboard
// for an account holder).
import type { Language } from '@sp/shared';
import { composeMail, type MailMessage } from '../../ports/mail/index.ts';
import type { ChaseItem } from './repository.ts';

const CORE_TITLES: Record<Language, Record<string, string>> = {
  de: {
    agreement: 'Vereinbarung unterschreiben',
    invoice: 'Rechnung',
    payment: 'Zahlung der Rechnung',
    renewal: 'Ihr Verlängerungsangebot beantworten',
  },
  en: {
    agreement: 'Sign the agreement',
    invoice: 'Invoice',
    payment: 'Payment of the invoice',
    renewal: 'Answer your renewal offer',
  },
};

const TEXTS = {
  de: {
    subject: (event: string) => `Noch offen für ${event}`,
    hello: 'Guten Tag,',
    intro: (event: string) => `für ${event} fehlt von Ihnen noch Folgendes:`,
    due: (date: string) => ` (fällig am ${date})`,
    outro: 'Über die Links gelangen Sie direkt zum jeweiligen Punkt. Vielen Dank!',
  },
  en: {
    subject: (event: string) => `Still open for ${event}`,
    hello: 'Hello,',
    intro: (event: string) => `for ${event} we are still waiting for the following from you:`,
    due: (date: string) => ` (due ${date})`,
    outro: 'The links take you straight to each item. Thank you!',
  },
} as const;

/** The fragment of the sponsor's page an item opens. */
const anchorOf = (columnKey: string): string =>
  columnKey.startsWith('deliverable:') ? 'deliverables' : columnKey.replace(/[^a-z0-9-]/g, '');

export function renderChaseMail(m: {
  to: string;
  language: Language;
  eventTitle: string;
  items: ChaseItem[];
  link: string;
}): MailMessage {
  const t = TEXTS[m.language];
  const lines = m.items.map((item) => {
    const title = CORE_TITLES[m.language][item.column_key] ?? item.title;
    return `• ${title}${item.due ? t.due(item.due) : ''}: ${m.link}#${anchorOf(item.column_key)}`;
  });
  return composeMail({
    to: m.to,
    subject: t.subject(m.eventTitle),
    before: [t.hello, t.intro(m.eventTitle), lines.join('\n')],
    after: [t.outro],
  });
}
