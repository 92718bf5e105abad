// Test support for agreements (imported by tests only): an event in generated mode with a package, a
// sponsor invited by link who chose it and entered legal details, a drawn signature, a mail catcher
// and pdfsig.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { AgreementStateResponse, SavePackageRequest } from '@sp/shared';
import type { IdentityTestApp } from '../../identity/test-support.ts';
import type { MailMessage, MailPort } from '../../ports/mail/mail-port.ts';
import { validEvent, type TestUser } from '../events/test-support.ts';
import { sponsorWorld, type Guest } from '../sponsor-profiles/test-support.ts';
import { agreementMail } from './mails.ts';
import { TEXTS, type AgreementLanguage } from './texts.ts';

export { TEXTS as AGREEMENT_TEXTS } from './texts.ts';
/** The platform's seal key as the module loads it (the sponsor report's layout test seals with it too). */
export { loadSealKey } from './seal-key.ts';

/** Each kind of agreement mail in `language` with its `link`, for the test over every mail the API sends. */
export function agreementMailSamples(language: AgreementLanguage, to: string, link: string) {
  const t = TEXTS[language].mail;
  return {
    'agreement-completed': agreementMail(
      to,
      { subject: t.completedSubject('Stadtlauf'), paragraphs: t.completedText('Stadtlauf') },
      link,
      { filename: 'agreement.pdf', content: Buffer.from('%PDF-1.7') },
    ),
    'agreement-voided': agreementMail(
      to,
      { subject: t.voidedSubject('Stadtlauf'), paragraphs: t.voidedText('Stadtlauf', 'Anna Muster') },
      link,
    ),
  };
}

export type { Guest };

export const PACKAGE: SavePackageRequest = {
  name: 'Gold „Größe“',
  description: '',
  price_cents: 250_000,
  capacity: null,
  benefits: [
    { title: 'Logo auf dem Plakat', kind: 'logo', due_date: '2026-06-01', sponsor_delivers: true },
    { title: 'Stand', kind: 'booth', due_date: null, sponsor_delivers: false },
  ],
};

export const legalDetails = (language: 'de' | 'en') => ({
  legal_name: language === 'de' ? 'Süßwaren Müller & Söhne GmbH' : 'Sweet Things Ltd',
  street: 'Große Straße',
  house_number: '12a',
  postal_code: '80331',
  city: 'München',
  country: 'DE',
  vat_id: 'DE123456789',
  billing_email: null,
  language,
});

/** Keeps every mail (with its attachments) and hands it on to `forward` (the outbox, for sign-up codes). */
export function mailCatcher(): MailPort & { sent: MailMessage[]; forward: MailPort | null } {
  const sent: MailMessage[] = [];
  const catcher = {
    sent,
    forward: null as MailPort | null,
    send: async (message: MailMessage) => {
      sent.push(message);
      await catcher.forward?.send(message);
    },
  };
  return catcher;
}

export async function drawnSignature(): Promise<string> {
  const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: '#ffffff00' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="300" height="100"><path d="M10 80 C 60 10, 120 90, 290 20" stroke="#123" stroke-width="4" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A transparent PNG of the given size as a data URL (for the signature's size limits). */
export async function blankPng(width: number, height: number): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 4, background: '#ffffff00' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** pdfsig's report of a PDF (poppler-utils). */
export async function pdfsig(bytes: Buffer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-pdfsig-'));
  const file = path.join(dir, 'agreement.pdf');
  fs.writeFileSync(file, bytes);
  try {
    const { stdout } = await promisify(execFile)('pdfsig', [file]);
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function agreementWorld(t: () => IdentityTestApp) {
  const w = sponsorWorld(t);

  /** An event of the organiser in generated mode with one package. */
  const generatedEvent = async (
    organiser: TestUser,
    clauses = 'Gerichtsstand ist München. Änderungen bedürfen der Textform.',
  ) => {
    const eventId = (
      await w.call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Straßenfest' }))
    ).json().id;
    const pack = await w.call('POST', `/api/event/${eventId}/packages`, organiser.token, PACKAGE);
    if (pack.statusCode !== 201) throw new Error(`package: ${pack.statusCode} ${pack.body}`);
    const settings = await w.call('PUT', `/api/events/${eventId}/agreement-settings`, organiser.token, {
      mode: 'generated',
      clauses,
      payment_term_days: 30,
      members_may_countersign: false,
    });
    if (settings.statusCode !== 200) throw new Error(`settings: ${settings.statusCode} ${settings.body}`);
    return { eventId: eventId as number, packageId: pack.json().id as number };
  };

  /** A sponsor invited with the package, who chose it and entered legal details in `language`. */
  const readySponsor = async (
    organiser: TestUser,
    event: { eventId: number; packageId: number },
    language: 'de' | 'en' = 'de',
  ): Promise<Guest> => {
    const guest = await w.invite(organiser, event.eventId, { packageIds: [event.packageId] });
    const chosen = await w.asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/package`, guest, {
      package_id: event.packageId,
    });
    if (chosen.statusCode !== 200) throw new Error(`choose: ${chosen.statusCode} ${chosen.body}`);
    const legal = await w.asGuest('PUT', '/api/sponsor-profile/legal', guest, legalDetails(language));
    if (legal.statusCode !== 200) throw new Error(`legal: ${legal.statusCode} ${legal.body}`);
    return guest;
  };

  const state = async (who: Guest | TestUser, id: number) => {
    const url = `/api/sponsorships/${id}/agreement`;
    const res = 'sponsorshipId' in who ? await w.asGuest('GET', url, who) : await w.call('GET', url, who.token);
    if (res.statusCode !== 200) throw new Error(`state: ${res.statusCode} ${res.body}`);
    return res.json<AgreementStateResponse>();
  };

  const sign = (who: Guest | TestUser, id: number, sha: string, extra: Record<string, unknown> = {}) => {
    const url = `/api/sponsorships/${id}/agreement/signatures`;
    const body = { document_sha256: sha, full_name: 'Jörg Weiß', position: 'Geschäftsführer', consent: true, ...extra };
    return 'sponsorshipId' in who ? w.asGuest('POST', url, who, body) : w.call('POST', url, who.token, body);
  };

  return { ...w, generatedEvent, readySponsor, state, sign };
}
