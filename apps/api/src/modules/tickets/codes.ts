// The code on a sponsor ticket (decision 081): `<event id>-<ticket id>-<16 letters>`, the letters the
// first 80 bits of an HMAC-SHA256 over "ticket:<event>:<ticket>" with the deployment's ticket key
// (decision 047: derived from the stored secret and the secrets key, so a database dump signs none).
// The QR code holds exactly this text and a person at the door may type it; it names the event, so a
// ticket of another event is told apart from a forged one, and it is checked without a database read.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerSecret } from '../../db/server-secrets.ts';
import type { TokenKeys } from '../../lib/signed-tokens.ts';

export const TICKET_CODES: ServerSecret = { name: 'sponsor-ticket-codes', purpose: 'sponsor ticket codes' };

/** Crockford's base32: no I, L, O, U, so a typed code is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SIGNATURE_LETTERS = 16;

const signature = (key: Buffer, eventId: number, ticketId: number): string => {
  const mac = createHmac('sha256', key).update(`ticket:${eventId}:${ticketId}`).digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of mac) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5 && out.length < SIGNATURE_LETTERS) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length === SIGNATURE_LETTERS) break;
  }
  return out;
};

export function ticketCode(keys: TokenKeys, eventId: number, ticketId: number): string {
  return `${eventId}-${ticketId}-${signature(keys.signWith, eventId, ticketId)}`;
}

/** A code as printed in groups, for reading aloud and typing. */
export const groupedCode = (code: string): string => {
  const [event, ticket, sig] = code.split('-') as [string, string, string];
  return `${event}-${ticket}-${sig.match(/.{1,4}/g)!.join('-')}`;
};

export type ReadCode = { kind: 'valid'; eventId: number; ticketId: number } | { kind: 'forged' };

/**
 * What a scanned or typed code says: valid (its letters are the HMAC of its numbers under one of the
 * accepted keys) or forged (anything else). Spaces, dashes between the letters and lower case are
 * forgiven, and the letters O, I and L read as 0, 1 and 1 as Crockford's base32 says.
 */
export function readTicketCode(keys: TokenKeys, raw: string): ReadCode {
  if (raw.length > 200) return { kind: 'forged' };
  const compact = raw.trim().toUpperCase().replace(/\s+/g, '');
  const match = /^(\d{1,10})-(\d{1,10})-([0-9A-Z-]{16,40})$/.exec(compact);
  if (!match) return { kind: 'forged' };
  const eventId = Number(match[1]);
  const ticketId = Number(match[2]);
  if (!Number.isSafeInteger(eventId) || !Number.isSafeInteger(ticketId) || eventId < 1 || ticketId < 1)
    return { kind: 'forged' };
  const given = match[3]!.replace(/-/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (given.length !== SIGNATURE_LETTERS) return { kind: 'forged' };
  const ok = keys.acceptFrom.some((key) => {
    const expected = Buffer.from(signature(key, eventId, ticketId));
    const got = Buffer.from(given);
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
  return ok ? { kind: 'valid', eventId, ticketId } : { kind: 'forged' };
}
