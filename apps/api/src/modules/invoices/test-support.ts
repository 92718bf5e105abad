// Test support for invoices (imported by tests only): an organiser with billing settings and phone,
// a confirmed sponsorship whose sponsor entered their billing details by the link, and the calls.
import { InvoiceService } from '@e-invoice-eu/core';
import type { BillingSettingsInput, InvoiceWire, SavePackageRequest, SponsorLegalDetailsInput } from '@sp/shared';
import {
  callIdentity,
  PASSWORD,
  signUpAndSignIn,
  uniqueEmail,
  type IdentityTestApp,
} from '../../identity/test-support.ts';
import { MASTER_DATA, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { confirmSponsorship, guestHeaders, type Guest } from '../sponsorships/test-support.ts';
import { einvoiceData, withPrecedingInvoice, type InvoiceDocumentInput } from './einvoice.ts';
import { invoiceMail, reminderMail } from './mail.ts';
import type { InvoiceParty } from './snapshot.ts';

export { PDF_TEXTS as INVOICE_PDF_TEXTS } from './pdf-texts.ts';

/** Each kind of invoice mail in `language`, for the test over every mail the API sends. */
export function invoiceMailSamples(language: 'de' | 'en', to: string) {
  const invoice = {
    to,
    language,
    number: 'RE-2026-0007',
    seller: 'Sportverein Musterstadt e.V.',
    event: 'Stadtlauf',
    grossCents: 297_500,
    dueDate: '2026-12-11',
    bank: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  };
  return {
    invoice: invoiceMail({ ...invoice, kind: 'invoice', attachments: [] }),
    cancellation: invoiceMail({ ...invoice, kind: 'cancellation', attachments: [] }),
    'invoice-reminder': reminderMail({ ...invoice, stage: 2, outstandingCents: 100_000 }),
  };
}

/** The seller of the document tests (readable PDF, XRechnung, ZUGFeRD): a German club with VAT ID. */
export const SELLER_PARTY: InvoiceParty = {
  name: 'Sportverein Musterstadt e.V.',
  street: 'Hauptstraße',
  houseNumber: '12a',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
  vatId: 'DE123456789',
  taxNumber: '30/123/45678',
  email: 'kasse@sv-musterstadt.de',
  phone: '+49 30 1234567',
};

export const SETTINGS: BillingSettingsInput = {
  legal_name: null,
  tax_number: '30/123/45678',
  vat_id: 'DE123456789',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bank_name: 'Commerzbank',
  payment_term_days: 14,
  number_format: 'RE-{YYYY}-{NNNN}',
  small_business: false,
  default_vat_rate: 19,
  zero_rate_reason: null,
  reminders_enabled: true,
  reminder_stages: 2,
  reminder_interval_days: 7,
};

export const BUYER: SponsorLegalDetailsInput = {
  legal_name: 'Müller Getränke GmbH',
  street: 'Industriestraße',
  house_number: '5',
  postal_code: '50667',
  city: 'Köln',
  country: 'DE',
  vat_id: null,
  billing_email: null,
  language: 'de',
};

export const PACKAGE: SavePackageRequest = {
  name: 'Gold',
  description: '',
  price_cents: 100_000,
  capacity: null,
  benefits: [
    { title: 'Logo auf dem Trikot', kind: 'logo', due_date: null, sponsor_delivers: false },
    { title: 'Stand', kind: 'booth', due_date: null, sponsor_delivers: false },
  ],
};

/** An organiser (owner of a new organisation with a phone number) and their billing settings. */
export async function billingOrganiser(
  t: IdentityTestApp,
  settings: BillingSettingsInput | null = SETTINGS,
): Promise<TestUser> {
  const user = await signUpAndSignIn(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user-profile',
    headers: { authorization: `Bearer ${user.AccessToken}` },
    payload: { role: 'veranstalter', ...MASTER_DATA, phone_number: '+49 30 1234567' },
  });
  if (res.statusCode !== 201) throw new Error(`Onboarding failed: ${res.body}`);
  const organiser = {
    sub: user.sub,
    email: user.email,
    token: user.AccessToken,
    organisationId: res.json().user.organisation_id,
  };
  if (settings) {
    const saved = await requester(() => t)(
      'PUT',
      `/api/organisation/${organiser.organisationId}/billing-settings`,
      organiser.token,
      settings,
    );
    if (saved.statusCode !== 200) throw new Error(`Billing settings: ${saved.body}`);
  }
  return organiser;
}

/** A new event with the Gold package, for the organiser. */
export async function eventWithPackage(t: IdentityTestApp, organiser: TestUser, title = 'Stadtlauf 2026') {
  const call = requester(() => t);
  const eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title }))).json().id as number;
  const packageId = (await call('POST', `/api/event/${eventId}/packages`, organiser.token, PACKAGE)).json()
    .id as number;
  return { eventId, packageId };
}

/** Invited with the package, chosen by the link, the buyer details entered, signed and confirmed. */
export async function confirmedSponsorship(
  t: IdentityTestApp,
  organiser: TestUser,
  event: { eventId: number; packageId: number },
  buyer: SponsorLegalDetailsInput | null = BUYER,
  email = uniqueEmail('sponsor'),
): Promise<Guest> {
  const call = requester(() => t);
  const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
    email,
    event_id: event.eventId,
    package_ids: [event.packageId],
  });
  if (res.statusCode !== 201) throw new Error(`invitation: ${res.body}`);
  const guest: Guest = {
    token: new URL(res.json().url).searchParams.get('token')!,
    email,
    sponsorshipId: res.json().sponsorId,
  };
  const chosen = await t.app.inject({
    method: 'POST',
    url: `/api/sponsorships/${guest.sponsorshipId}/package`,
    headers: guestHeaders(guest),
    payload: { package_id: event.packageId },
  });
  if (chosen.statusCode !== 200) throw new Error(`choice: ${chosen.body}`);
  if (buyer) {
    const legal = await t.app.inject({
      method: 'PUT',
      url: '/api/sponsor-profile/legal',
      headers: guestHeaders(guest),
      payload: buyer,
    });
    if (legal.statusCode !== 200) throw new Error(`legal details: ${legal.body}`);
  }
  await confirmSponsorship(t, guest, organiser.token);
  return guest;
}

/** A draft for the sponsorship, issued; the issued invoice. */
export async function issuedInvoice(t: IdentityTestApp, organiser: TestUser, guest: Guest): Promise<InvoiceWire> {
  const call = requester(() => t);
  const draft = await call('POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`, organiser.token);
  if (draft.statusCode !== 201) throw new Error(`draft: ${draft.body}`);
  const issued = await call('POST', `/api/invoices/${draft.json().invoice.id}/issue`, organiser.token);
  if (issued.statusCode !== 200) throw new Error(`issue: ${issued.body}`);
  return issued.json().invoice as InvoiceWire;
}

/** A fresh access token (after the test clock moved past the old one's lifetime). */
export async function signInAgain(t: IdentityTestApp, user: TestUser): Promise<TestUser> {
  const res = await callIdentity(t.app, 'InitiateAuth', {
    ClientId: t.config.identity.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: user.email, PASSWORD },
  });
  if (res.status !== 200) throw new Error(`InitiateAuth failed: ${JSON.stringify(res.body)}`);
  return { ...user, token: res.body.AuthenticationResult!.AccessToken };
}

/**
 * The e-invoices as the library's own InvoiceService.generate makes them, a new service (so a validator
 * compiled) per document, with BT-25 added at the formatter's postProcess: what einvoice.ts did before
 * it built the validators once (decision 068). einvoice.test.ts compares bytes with it; the bench
 * measures it beside the kept validators.
 */
export async function libraryEInvoices(input: InvoiceDocumentInput, readable: Uint8Array) {
  const generate = async (customization: string, options: Parameters<InvoiceService['generate']>[1]) => {
    const service = new InvoiceService({ log: () => undefined, warn: () => undefined, error: () => undefined });
    const preceding = input.snapshot.cancels;
    if (preceding) {
      type Formatter = { postProcess: (cii: Record<string, unknown>) => void };
      type Factory = { createFormatService: (...args: unknown[]) => Formatter };
      const factory = (service as unknown as { formatFactoryService: Factory }).formatFactoryService;
      const create = factory.createFormatService.bind(factory);
      factory.createFormatService = (...args) => {
        const formatter = create(...args);
        const post = formatter.postProcess.bind(formatter);
        formatter.postProcess = (cii) => {
          post(cii);
          withPrecedingInvoice(cii, preceding);
        };
        return formatter;
      };
    }
    return service.generate(einvoiceData(input, customization), options);
  };
  const zugferd = await generate('urn:cen.eu:en16931:2017', {
    format: 'Factur-X-EN16931',
    lang: input.language,
    pdf: { buffer: readable, filename: `${input.number}.pdf`, mimetype: 'application/pdf' },
  });
  const xml = await generate('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0', {
    format: 'XRECHNUNG-CII',
    lang: input.language,
  });
  return { zugferd: Buffer.from(zugferd), xml: Buffer.from(xml) };
}
