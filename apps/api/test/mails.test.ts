// Every kind of mail the API sends, rendered in both languages (issue 58, point 5): a mail with a link
// has it as an <a href> in its HTML part and as the plain URL on its own line in its text part, and
// no other link in either; German mails and documents say "Sie", never "du"; every mail names the
// product as the shared setting has it in its language. A new kind of mail fails to compile here
// until it has a sample (the record below is keyed by every kind).
import { describe, expect, it } from 'vitest';
import { informalAddress, PRODUCT_NAME, type Language } from '@sp/shared';
import type { MailMessage } from '../src/ports/mail/index.ts';
import {
  renderChatNoticeMail,
  renderFulfilmentDigestMail,
  renderInvitationMail,
  renderMail,
  type ChatNoticeMailTemplate,
  type FulfilmentDigestMailTemplate,
  type InvitationMailTemplate,
  type MailTemplate,
} from '../src/ports/mail/templates.ts';
import { agreementMailSamples, AGREEMENT_TEXTS } from '../src/modules/agreements/test-support.ts';
import { INVOICE_PDF_TEXTS, invoiceMailSamples } from '../src/modules/invoices/test-support.ts';
import { passwordRefusalText } from '../src/identity/password-strength.ts';

const to = 'anna@verein.example';
const url = 'https://sp.example.org/invite/?token=abc_-123&email=a%40example.org';
const expiresAt = new Date('2026-12-01T10:00:00Z');
type Kind =
  | MailTemplate['kind']
  | InvitationMailTemplate['kind']
  | 'sponsor-invitation-reminder'
  | ChatNoticeMailTemplate['kind']
  | FulfilmentDigestMailTemplate['kind']
  | 'fulfilment-digest-without-link'
  | keyof ReturnType<typeof invoiceMailSamples>
  | keyof ReturnType<typeof agreementMailSamples>;

/** Each kind's mail in `language`, and the link it must carry (null: a mail without a link). */
const SAMPLES: Record<Kind, (language: Language) => { mail: MailMessage; link: string | null }> = {
  'sign-up-code': (l) => ({ mail: renderMail(to, { kind: 'sign-up-code', code: '042042' }, l), link: null }),
  'reset-code': (l) => ({ mail: renderMail(to, { kind: 'reset-code', code: '042042' }, l), link: null }),
  'verify-email-code': (l) => ({ mail: renderMail(to, { kind: 'verify-email-code', code: '042042' }, l), link: null }),
  'team-invitation': (l) => ({
    mail: renderInvitationMail(to, { kind: 'team-invitation', organisationName: 'TSV <1860>', url, expiresAt }, l),
    link: url,
  }),
  'sponsor-invitation': (l) => ({
    mail: renderInvitationMail(
      to,
      { kind: 'sponsor-invitation', organisationName: 'TSV', eventTitle: 'Stadtlauf', url, expiresAt },
      l,
    ),
    link: url,
  }),
  'sponsor-invitation-reminder': (l) => ({
    mail: renderInvitationMail(
      to,
      { kind: 'sponsor-invitation', organisationName: 'TSV', eventTitle: 'Stadtlauf', url, expiresAt, reminder: true },
      l,
    ),
    link: url,
  }),
  'chat-notice': (l) => ({
    mail: renderChatNoticeMail(to, { kind: 'chat-notice', otherName: 'Brauerei & Söhne', url }, l),
    link: url,
  }),
  'fulfilment-digest': (l) => ({
    mail: renderFulfilmentDigestMail(
      to,
      {
        kind: 'fulfilment-digest',
        items: [
          { title: 'Logo', sponsor: 'Brauerei', event: 'Stadtlauf', dueDate: '2026-11-30' },
          { title: 'Banner', sponsor: 'Bäckerei', event: 'Stadtlauf', dueDate: '2026-11-29' },
        ],
        url,
      },
      l,
    ),
    link: url,
  }),
  'fulfilment-digest-without-link': (l) => ({
    mail: renderFulfilmentDigestMail(
      to,
      {
        kind: 'fulfilment-digest',
        items: [{ title: 'Logo', sponsor: 'Brauerei', event: 'Stadtlauf', dueDate: '2026-11-30' }],
        url: null,
      },
      l,
    ),
    link: null,
  }),
  invoice: (l) => ({ mail: invoiceMailSamples(l, to).invoice, link: null }),
  cancellation: (l) => ({ mail: invoiceMailSamples(l, to).cancellation, link: null }),
  'invoice-reminder': (l) => ({ mail: invoiceMailSamples(l, to)['invoice-reminder'], link: null }),
  'agreement-completed': (l) => ({ mail: agreementMailSamples(l, to, url)['agreement-completed'], link: url }),
  'agreement-voided': (l) => ({ mail: agreementMailSamples(l, to, url)['agreement-voided'], link: url }),
};

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;');
const hrefs = (html: string) => [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const urlsIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

const cases = Object.entries(SAMPLES).flatMap(([kind, sample]) =>
  (['de', 'en'] as const).map((language) => ({ kind, language, ...sample(language) })),
);

describe('every mail the API sends', () => {
  it.each(cases)('$kind ($language) has a text and an HTML part, its link in both', ({ mail, link }) => {
    expect(mail.to).toBe(to);
    expect(mail.text.length).toBeGreaterThan(20);
    expect(mail.html).toMatch(/^<!doctype html>[\s\S]*<\/html>$/);
    if (link === null) {
      expect(hrefs(mail.html!)).toEqual([]);
      expect(urlsIn(mail.text)).toEqual([]);
      return;
    }
    expect(mail.html).toContain(`<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`);
    expect(hrefs(mail.html!)).toEqual([link]);
    expect(mail.text.split('\n')).toContain(link);
    expect(urlsIn(mail.text)).toEqual([link]);
    expect(mail.html).not.toContain('<strong>https');
  });

  it.each(cases.filter((c) => c.language === 'de'))('$kind (de) says "Sie", never "du"', ({ mail }) => {
    expect(informalAddress(`${mail.subject}\n${mail.text}`)).toEqual([]);
  });

  it.each(cases)('$kind ($language) names the product as the setting has it', ({ mail, language }) => {
    const other = PRODUCT_NAME[language === 'de' ? 'en' : 'de'];
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(other);
  });

  it('names the product in the product-wide mails, in the language of the mail', () => {
    for (const kind of ['sign-up-code', 'team-invitation', 'chat-notice', 'agreement-completed'] as const) {
      for (const language of ['de', 'en'] as const) {
        expect(SAMPLES[kind](language).mail.text).toContain(PRODUCT_NAME[language]);
      }
    }
  });
});

/** Every string a text table holds, a function's called with sample values. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'function')
    return strings((value as (...args: unknown[]) => unknown)(...Array(value.length).fill(3)));
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('the German documents and messages of the API', () => {
  it('say "Sie", never "du": the agreement, the invoice PDF and the password refusals', () => {
    const german = [
      ...strings(AGREEMENT_TEXTS.de),
      ...strings(INVOICE_PDF_TEXTS.de),
      ...(['common', 'personal', 'guessable'] as const).map((r) => passwordRefusalText(r, 'de')),
    ];
    expect(german.length).toBeGreaterThan(60);
    expect(german.filter((text) => informalAddress(text).length > 0)).toEqual([]);
  });
});
