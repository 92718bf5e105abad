// The iCalendar writing on its own: folding never splits a UTF-8 character and keeps every line within
// 75 octets, and TEXT escaping survives a round trip through ical.js for hostile values.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { allDayEvent, calendarDocument, escapeText, foldLine } from './icalendar.ts';

describe('icalendar', () => {
  it('folds at 75 octets without splitting a character, and unfolds to the same line', () => {
    for (const filler of ['a', 'ä', '😀', '€']) {
      for (let n = 60; n < 90; n += 1) {
        const line = `SUMMARY:${filler.repeat(n)}`;
        const folded = foldLine(line);
        const parts = folded.split('\r\n');
        for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
        expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
        expect(folded.replace(/\r\n /g, '')).toBe(line);
      }
    }
  });

  it('escapes TEXT so that a parser reads back the original, control characters dropped', () => {
    const hostile = 'a,b;c\\d\ne\r\nf\u0007g:h "i" END:VEVENT';
    expect(escapeText(hostile)).toBe('a\\,b\\;c\\\\d\\ne\\nfg:h "i" END:VEVENT');
    const text = calendarDocument({
      prodId: '-//test//EN',
      events: [allDayEvent({ uid: 'x-1@example.org', date: '2030-12-31', summary: hostile }, new Date(0))],
    });
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('a,b;c\\d\ne\nfg:h "i" END:VEVENT');
    expect(event.startDate.toString()).toBe('2030-12-31');
    expect(event.endDate.toString()).toBe('2031-01-01');
    expect(event.startDate.isDate).toBe(true);
  });
});
