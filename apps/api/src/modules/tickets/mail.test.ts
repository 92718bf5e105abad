// The ticket mail: the QR code attached as PNG decodes to exactly the ticket's code, the calendar file
// is a valid all-day VEVENT of the event, and the text is in the sponsor's language.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ticketMail } from './mail.ts';

const input = (language: 'de' | 'en') => ({
  to: 'ada@example.org',
  language,
  name: 'Ada Lovelace',
  sponsor: 'sponsor@example.org',
  code: '12-345-ABCDEFGHJKMNPQRS',
  ticketId: 345,
  event: { id: 12, title: 'Sommerfest, Teil 2', date: '2030-07-04', location: 'Stadtpark' },
  publicHost: 'sponsoring.example',
  now: new Date('2030-06-01T10:00:00Z'),
});

describe('ticket mail', () => {
  it('attaches a QR code that reads back as the code, and the event as a calendar file', async () => {
    const mail = await ticketMail(input('de'));
    expect(mail.subject).toBe('Ihr Ticket für Sommerfest, Teil 2');
    expect(mail.text).toContain('12-345-ABCD-EFGH-JKMN-PQRS');
    const [png, ics] = mail.attachments!;
    const image = PNG.sync.read(Buffer.from(png!.content));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe('12-345-ABCDEFGHJKMNPQRS');
    const calendar = new TextDecoder().decode(ics!.content);
    expect(calendar.split('\r\n')).toEqual(
      expect.arrayContaining([
        'BEGIN:VEVENT',
        'UID:ticket-345@sponsoring.example',
        'DTSTART;VALUE=DATE:20300704',
        'DTEND;VALUE=DATE:20300705',
        'SUMMARY:Sommerfest\\, Teil 2',
        'DTSTAMP:20300601T100000Z',
      ]),
    );
    expect(calendar.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('writes in English for an English-speaking sponsor', async () => {
    const mail = await ticketMail(input('en'));
    expect(mail.subject).toBe('Your ticket for Sommerfest, Teil 2');
    expect(mail.text).toContain('Hello Ada Lovelace,');
  });
});
