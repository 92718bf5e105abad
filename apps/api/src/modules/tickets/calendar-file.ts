// The event as an iCalendar file (RFC 5545) for the ticket mail: one all-day VEVENT with a stable
// UID per ticket, so importing a re-sent ticket updates the entry instead of adding a second one.
import { addDays } from '../../lib/calendar.ts';
import { escapeText, foldLine as fold, utcStamp as stamp } from '../../lib/icalendar.ts';

export function eventCalendarFile(input: {
  uid: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  location: string;
  description: string;
  now: Date;
}): string {
  const day = (d: string) => d.replace(/-/g, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sponsoring Platform//Sponsor tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${input.uid}`,
    `DTSTAMP:${stamp(input.now)}`,
    `DTSTART;VALUE=DATE:${day(input.date)}`,
    `DTEND;VALUE=DATE:${day(addDays(input.date, 1))}`,
    `SUMMARY:${escapeText(input.title)}`,
    ...(input.location ? [`LOCATION:${escapeText(input.location)}`] : []),
    `DESCRIPTION:${escapeText(input.description)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
