// One view of a sponsor across an organisation's events (issue 60 point 6, decision 109), snake_case
// on the wire.
//   GET  /sponsors                 organiser → ZListSponsorsResponse (one row per sponsor address)
//   GET  /sponsors/{key}           organiser → ZSponsorViewResponse  (404 sponsor.not-found)
//   POST /sponsors/{key}/notes     organiser → ZSponsorNote (201)     (404 sponsor.not-found)
// A sponsor is its normalised address (decision 109); `key` is that address in base64url, so that no
// address stands in a URL or an access log as it is.
import { z } from 'zod';
import { ZInvoiceStatus } from './invoices.ts';
import { ZSponsorshipStatus } from './sponsorships.ts';

export const SPONSOR_NOTE_MAX = 2000;

const BASE64URL = /^[A-Za-z0-9_-]{1,440}$/;
export const ZSponsorKey = z.string().regex(BASE64URL, 'invalid');

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// UTF-8 through encodeURIComponent, so that this universal code needs neither Buffer nor TextEncoder.
function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  const escaped = encodeURIComponent(text);
  for (let i = 0; i < escaped.length; i += 1) {
    if (escaped[i] === '%') {
      bytes.push(parseInt(escaped.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(escaped.charCodeAt(i));
  }
  return bytes;
}

/** The key of a sponsor address in URLs: base64url of its UTF-8 bytes, no padding. */
export function sponsorKeyOf(emailNormalized: string): string {
  const bytes = utf8Bytes(emailNormalized);
  let key = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c += 1) key += ALPHABET[(chunk >> (18 - 6 * c)) & 63];
  }
  return key;
}

/** The key of an address as typed: normalised as the API normalises sponsor addresses (trimmed, lower case). */
export const sponsorKeyOfAddress = (email: string): string => sponsorKeyOf(email.trim().toLowerCase());

/** The address a key names, or null for a key that is no base64url of UTF-8 text. */
export function sponsorAddressOf(key: string): string | null {
  if (!BASE64URL.test(key) || key.length % 4 === 1) return null;
  let escaped = '';
  let bits = 0;
  let buffer = 0;
  for (const char of key) {
    buffer = (buffer << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      escaped += '%' + ((buffer >> bits) & 255).toString(16).padStart(2, '0');
    }
  }
  try {
    const address = decodeURIComponent(escaped);
    return sponsorKeyOf(address) === key ? address : null;
  } catch {
    return null;
  }
}

const cents = z.number().int();

export const ZSponsorSummary = z.object({
  key: z.string(),
  email: z.string(),
  /** The sponsor profile's public name, else the billing details' legal name; null when neither. */
  name: z.string().nullable(),
  events: z.number().int(),
  /** The figures of decision 055 over this sponsor's sponsorships of the organisation. */
  committed_cents: cents,
  in_negotiation_cents: cents,
  latest_event_title: z.string(),
  latest_event_date: z.string(),
  latest_status: ZSponsorshipStatus,
});
export type SponsorSummaryWire = z.infer<typeof ZSponsorSummary>;
export const ZListSponsorsResponse = z.array(ZSponsorSummary);

export const ZSponsorHistoryRow = z.object({
  sponsorship_id: z.number().int(),
  event_id: z.number().int(),
  event_title: z.string(),
  event_date: z.string(),
  status: ZSponsorshipStatus,
  package_name: z.string().nullable(),
  amount_cents: cents.nullable(),
  deliverables: z.object({
    total: z.number().int(),
    done: z.number().int(),
    waived: z.number().int(),
    /** Not done nor waived and past its due date (Berlin day). */
    late: z.number().int(),
  }),
});

export const ZSponsorInvoiceRow = z.object({
  id: z.number().int(),
  sponsorship_id: z.number().int(),
  event_title: z.string(),
  number: z.string().nullable(),
  kind: z.enum(['invoice', 'cancellation']),
  status: ZInvoiceStatus,
  invoice_date: z.string().nullable(),
  due_date: z.string().nullable(),
  gross_cents: cents,
  paid_cents: cents,
});

export const ZSponsorPaymentRow = z.object({
  invoice_id: z.number().int(),
  invoice_number: z.string().nullable(),
  paid_on: z.string(),
  amount_cents: cents,
  kind: z.enum(['payment', 'refund']),
});

export const ZSponsorNote = z.object({
  id: z.number().int(),
  text: z.string(),
  author_email: z.string(),
  created_at: z.string(),
});
export type SponsorNoteWire = z.infer<typeof ZSponsorNote>;

export const ZSponsorViewResponse = z.object({
  key: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  /** Committed and in negotiation as in the list; invoiced and paid over the invoices below. */
  totals: z.object({
    committed_cents: cents,
    in_negotiation_cents: cents,
    invoiced_cents: cents,
    paid_cents: cents,
  }),
  history: z.array(ZSponsorHistoryRow),
  invoices: z.array(ZSponsorInvoiceRow),
  payments: z.array(ZSponsorPaymentRow),
  contacts: z.object({
    /** The sponsorships' addresses as the organisation invited them (one address, spelt as typed). */
    email: z.string(),
    billing_email: z.string().nullable(),
    legal_name: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    website: z.string().nullable(),
    /** Whether the address has an account (it signed in at least once). */
    has_account: z.boolean(),
  }),
  notes: z.array(ZSponsorNote),
});
export type SponsorViewWire = z.infer<typeof ZSponsorViewResponse>;

export const ZAddSponsorNoteRequest = z.object({
  text: z.string().trim().min(1, 'required').max(SPONSOR_NOTE_MAX, 'too_long'),
});
export type AddSponsorNoteRequest = z.infer<typeof ZAddSponsorNoteRequest>;
