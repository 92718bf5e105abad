// The ticket mail, in the sponsor's language: who it is for, the event, the code to show or type at
// the door, the QR code of that code as a PNG and the event as a calendar file.
import QRCode from 'qrcode';
import type { Language } from '@sp/shared';
import { composeMail, type MailMessage } from '../../ports/mail/index.ts';
import { eventCalendarFile } from './calendar-file.ts';
import { groupedCode } from './codes.ts';

const germanDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

const TEXTS = {
  de: (m: { name: string; event: string; date: string; location: string; sponsor: string }) => ({
    subject: `Ihr Ticket für ${m.event}`,
    before: [
      `Guten Tag ${m.name},`,
      `${m.sponsor} hat Sie für ${m.event} am ${germanDate(m.date)}${m.location ? ` (${m.location})` : ''} angemeldet. Zeigen Sie am Einlass den QR-Code im Anhang vor, oder nennen Sie diesen Code:`,
    ],
    after: ['Der Termin ist als Kalenderdatei angehängt.', 'Das Ticket gilt für einen Einlass.'],
    description: 'Ticket: bitte den QR-Code aus der E-Mail am Einlass vorzeigen.',
  }),
  en: (m: { name: string; event: string; date: string; location: string; sponsor: string }) => ({
    subject: `Your ticket for ${m.event}`,
    before: [
      `Hello ${m.name},`,
      `${m.sponsor} has registered you for ${m.event} on ${m.date}${m.location ? ` (${m.location})` : ''}. Show the attached QR code at the door, or give this code:`,
    ],
    after: ['The event is attached as a calendar file.', 'The ticket admits one person once.'],
    description: 'Ticket: please show the QR code from the e-mail at the door.',
  }),
} as const;

export async function ticketMail(input: {
  to: string;
  language: Language;
  name: string;
  sponsor: string;
  code: string;
  ticketId: number;
  event: { id: number; title: string; date: string; location: string };
  publicHost: string;
  now: Date;
}): Promise<MailMessage> {
  const texts = TEXTS[input.language]({
    name: input.name,
    event: input.event.title,
    date: input.event.date,
    location: input.event.location,
    sponsor: input.sponsor,
  });
  const png = await QRCode.toBuffer(input.code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 360 });
  const ics = eventCalendarFile({
    uid: `ticket-${input.ticketId}@${input.publicHost}`,
    title: input.event.title,
    date: input.event.date,
    location: input.event.location,
    description: texts.description,
    now: input.now,
  });
  return composeMail({
    to: input.to,
    subject: texts.subject,
    before: texts.before,
    highlight: { code: groupedCode(input.code) },
    after: texts.after,
    attachments: [
      { filename: 'ticket-qr.png', contentType: 'image/png', content: new Uint8Array(png) },
      { filename: 'event.ics', contentType: 'text/calendar; charset=utf-8', content: new TextEncoder().encode(ics) },
    ],
  });
}
