// Ticket codes: what is signed is read back, with the forgiveness a person typing needs; a code
// changed anywhere, signed with another key or made up is forged; a previous key still holds.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { groupedCode, readTicketCode, ticketCode } from './codes.ts';

const key = randomBytes(32);
const keys = { signWith: key, acceptFrom: [key] };

describe('ticket codes', () => {
  it('reads back a code it signed, as printed, typed in lower case or with spaces', () => {
    const code = ticketCode(keys, 12, 345);
    expect(code).toMatch(/^12-345-[0-9A-HJKMNP-TV-Z]{16}$/);
    const typed = [
      code,
      groupedCode(code),
      groupedCode(code).toLowerCase(),
      ` ${groupedCode(code).replace(/-/g, ' - ')} `,
    ];
    for (const text of typed) expect(readTicketCode(keys, text)).toEqual({ kind: 'valid', eventId: 12, ticketId: 345 });
  });

  it('refuses a changed letter, another number under the same letters, another key and nonsense', () => {
    const code = ticketCode(keys, 12, 345);
    const sig = code.split('-')[2]!;
    const changed = `12-345-${sig.slice(0, 15)}${sig[15] === '0' ? '1' : '0'}`;
    const other = randomBytes(32);
    for (const forged of [
      changed,
      `12-346-${sig}`,
      `13-345-${sig}`,
      ticketCode({ signWith: other, acceptFrom: [other] }, 12, 345),
      '',
      'x'.repeat(500),
      '12-345-',
    ]) {
      expect(readTicketCode(keys, forged)).toEqual({ kind: 'forged' });
    }
  });

  it('accepts a code of the previous key while the key is being changed', () => {
    const previous = randomBytes(32);
    const code = ticketCode({ signWith: previous, acceptFrom: [previous] }, 1, 2);
    expect(readTicketCode({ signWith: key, acceptFrom: [key, previous] }, code).kind).toBe('valid');
    expect(readTicketCode(keys, code).kind).toBe('forged');
  });
});
