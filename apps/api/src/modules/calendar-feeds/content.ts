// What a feed lists, as all-day entries: the event days, each deliverable's due date, each ticket
// benefit's naming deadline (the tickets module's rule) and each issued invoice's due date. A UID is
// `<kind>-<id>@<host>` of the thing itself, so a changed date or title updates the entry in place;
// SEQUENCE counts in seconds of the entry's last change since 2020, so it only grows (decision 088).
import { namingDeadline } from '../tickets/index.ts';
import { allDayEvent, calendarDocument, escapeText, type AllDayEntry } from '../../lib/icalendar.ts';
import type { DeliverableRow, EventRow, InvoiceRow } from './repository.ts';

const TEXTS = {
  de: {
    organisation: 'Sponsoring: alle Termine',
    person: 'Sponsoring: meine Aufgaben',
    sponsor: (event: string) => `Sponsoring: ${event}`,
    due: (title: string, sponsor: string) => `Fällig: ${title} (${sponsor})`,
    sponsorDue: (title: string) => `Fällig: ${title}`,
    done: ' – erledigt',
    tickets: (sponsor: string) => `Namen für Tickets nennen (${sponsor})`,
    sponsorTickets: 'Namen für Ihre Tickets nennen',
    invoice: (number: string | null, sponsor: string) => `Zahlung fällig: Rechnung ${number ?? ''} (${sponsor})`,
    sponsorInvoice: (number: string | null) => `Zahlung fällig: Rechnung ${number ?? ''}`,
    event: (title: string) => `Veranstaltung: ${title}`,
  },
  en: {
    organisation: 'Sponsoring: all dates',
    person: 'Sponsoring: my tasks',
    sponsor: (event: string) => `Sponsoring: ${event}`,
    due: (title: string, sponsor: string) => `Due: ${title} (${sponsor})`,
    sponsorDue: (title: string) => `Due: ${title}`,
    done: ' – done',
    tickets: (sponsor: string) => `Name the ticket holders (${sponsor})`,
    sponsorTickets: 'Name your ticket holders',
    invoice: (number: string | null, sponsor: string) => `Payment due: invoice ${number ?? ''} (${sponsor})`,
    sponsorInvoice: (number: string | null) => `Payment due: invoice ${number ?? ''}`,
    event: (title: string) => `Event: ${title}`,
  },
} as const;

const SEQUENCE_EPOCH = Date.parse('2020-01-01T00:00:00Z');
/** A SEQUENCE that grows with every change of the entry (whole seconds since 2020, never negative). */
export const sequenceOf = (lastModified: Date): number =>
  Math.max(0, Math.floor((lastModified.getTime() - SEQUENCE_EPOCH) / 1000));

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

export type FeedContent = {
  kind: 'organisation' | 'person' | 'sponsor';
  language: 'de' | 'en';
  host: string;
  events: EventRow[];
  deliverables: DeliverableRow[];
  invoices: InvoiceRow[];
};

export function feedEntries(content: FeedContent): AllDayEntry[] {
  const t = TEXTS[content.language];
  const sponsorView = content.kind === 'sponsor';
  const entry = (kind: string, id: number, at: Date, rest: Omit<AllDayEntry, 'uid' | 'sequence' | 'lastModified'>) => ({
    uid: `${kind}-${id}@${content.host}`,
    sequence: sequenceOf(at),
    lastModified: at,
    ...rest,
  });
  const entries: AllDayEntry[] = content.events.map((e) =>
    entry('event', e.id, e.updatedAt, {
      date: e.date,
      summary: sponsorView ? t.event(e.title) : e.title,
      location: e.location,
      description: e.description,
    }),
  );
  for (const d of content.deliverables) {
    if (d.kind === 'tickets') {
      const at = later(d.updatedAt, d.eventUpdatedAt);
      entries.push(
        entry('tickets', d.id, at, {
          date: namingDeadline({ dueDate: d.dueDate, eventDate: d.eventDate }),
          summary: (sponsorView ? t.sponsorTickets : t.tickets(d.sponsor)) + (d.status === 'done' ? t.done : ''),
          description: `${d.eventTitle}: ${d.title}`,
        }),
      );
    } else if (d.dueDate) {
      entries.push(
        entry('deliverable', d.id, d.updatedAt, {
          date: d.dueDate,
          summary:
            (sponsorView ? t.sponsorDue(d.title) : t.due(d.title, d.sponsor)) + (d.status === 'done' ? t.done : ''),
          description: d.eventTitle,
        }),
      );
    }
  }
  for (const i of content.invoices) {
    entries.push(
      entry('invoice', i.id, i.updatedAt, {
        date: i.dueDate,
        summary: (sponsorView ? t.sponsorInvoice(i.number) : t.invoice(i.number, i.sponsor)).replace('  ', ' '),
        description: i.eventTitle,
      }),
    );
  }
  return entries;
}

/** The feed as an iCalendar document; `now` is every entry's DTSTAMP. */
export function feedDocument(content: FeedContent, now: Date): string {
  const t = TEXTS[content.language];
  const name =
    content.kind === 'sponsor'
      ? t.sponsor(content.events[0]?.title ?? '')
      : content.kind === 'person'
        ? t.person
        : t.organisation;
  return calendarDocument({
    prodId: '-//Sponsoring Platform//Calendar feed//EN',
    properties: [`X-WR-CALNAME:${escapeText(name)}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H'],
    events: feedEntries(content).map((e) => allDayEvent(e, now)),
  });
}
