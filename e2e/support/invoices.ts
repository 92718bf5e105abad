// Setup for the invoice tests through the API: a sponsorship with a package, chosen and signed by the
// guest through the invitation link (ready for the organiser to confirm), and the sponsor's billing
// details (the invoice's buyer), entered as the guest.
import { expect, type Page } from '@playwright/test';
import { createEventWithAgreement } from './events.ts';
import { signAsGuest } from './sponsorships.ts';
import { signInOnboardedUser, uniqueEmail } from './session.ts';

export type GuestSponsor = { email: string; billingEmail: string; link: string; sponsorshipId: number };

export async function signedSponsorshipWithBuyer(
  page: Page,
  accessToken: string,
  eventId: number,
  {
    language,
    priceCents = 250_000,
    buyer = {},
  }: { language: 'de' | 'en'; priceCents?: number; buyer?: Record<string, string | null> },
): Promise<GuestSponsor> {
  const auth = { Authorization: `Bearer ${accessToken}` };
  const pkg = await page.request.post(`/api/event/${eventId}/packages`, {
    headers: auth,
    data: { name: 'Gold', price_cents: priceCents, capacity: null, benefits: [] },
  });
  expect(pkg.ok(), await pkg.text()).toBe(true);
  const packageId = ((await pkg.json()) as { id: number }).id;
  const email = uniqueEmail('invoice');
  const invited = await page.request.post('/api/sponsor-invitation', {
    headers: auth,
    data: { email, event_id: eventId, package_ids: [packageId] },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const { url, sponsorId } = (await invited.json()) as { url: string; sponsorId: number };
  const token = new URL(url).searchParams.get('token')!;
  const guest = { Authorization: `${token}:${email}` };
  const chosen = await page.request.post(`/api/sponsorships/${sponsorId}/package`, {
    headers: guest,
    data: { package_id: packageId },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  await signAsGuest(page.request, guest.Authorization, sponsorId);
  const billingEmail = uniqueEmail('buchhaltung');
  const legal = await page.request.put('/api/sponsor-profile/legal', {
    headers: guest,
    data: {
      legal_name: 'Brauerei Müller & Söhne GmbH',
      street: 'Große Straße',
      house_number: '12a',
      postal_code: '80331',
      city: 'München',
      country: 'DE',
      vat_id: 'DE123456789',
      billing_email: billingEmail,
      language,
      ...buyer,
    },
  });
  expect(legal.ok(), await legal.text()).toBe(true);
  const path = new URL(url);
  return { email, billingEmail, link: `${path.pathname}${path.search}`, sponsorshipId: sponsorId };
}

/** Billing settings with a VAT id only (no tax number), 19 % VAT and no reminders. */
export const BILLING_SETTINGS = {
  legal_name: null,
  tax_number: null,
  vat_id: 'DE123456789',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bank_name: null,
  payment_term_days: 14,
  number_format: 'RE-{YYYY}-{NNNN}',
  small_business: false,
  default_vat_rate: 19,
  zero_rate_reason: null,
  reminders_enabled: false,
  reminder_stages: 1,
  reminder_interval_days: 7,
};

/** The organisation's billing settings through the API, with `change` over BILLING_SETTINGS. */
export async function saveBillingSettings(
  page: Page,
  token: string,
  organisationId: number,
  change: Partial<Record<keyof typeof BILLING_SETTINGS, unknown>> = {},
) {
  const saved = await page.request.put(`/api/organisation/${organisationId}/billing-settings`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...BILLING_SETTINGS, ...change },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/**
 * Confirms the sponsorship (unless it is already) and issues its invoice through the API, dated
 * `invoiceDate` when given.
 */
export async function issuedInvoiceOf(
  page: Page,
  token: string,
  sponsorshipId: number,
  { invoiceDate, confirm = true }: { invoiceDate?: string; confirm?: boolean } = {},
): Promise<{ id: number; number: string; gross_cents: number }> {
  const headers = { Authorization: `Bearer ${token}` };
  if (confirm) {
    const confirmed = await page.request.post(`/api/sponsorships/${sponsorshipId}/status`, {
      headers,
      data: { status: 'confirmed' },
    });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
  }
  const draft = await page.request.post(`/api/sponsorships/${sponsorshipId}/invoices`, { headers });
  expect(draft.ok(), await draft.text()).toBe(true);
  const id = ((await draft.json()) as { invoice: { id: number } }).invoice.id;
  if (invoiceDate) {
    const dated = await page.request.patch(`/api/invoices/${id}`, { headers, data: { invoice_date: invoiceDate } });
    expect(dated.ok(), await dated.text()).toBe(true);
  }
  const issued = await page.request.post(`/api/invoices/${id}/issue`, { headers });
  expect(issued.ok(), await issued.text()).toBe(true);
  return ((await issued.json()) as { invoice: { id: number; number: string; gross_cents: number } }).invoice;
}

/** A signed-in organiser with billing settings and one event (`title` and a date in 2030). */
export async function billingOrganiser(page: Page, language: 'de' | 'en', title: string) {
  const organiser = await signInOnboardedUser(page, { language });
  const token = organiser.tokens.accessToken;
  const event = await createEventWithAgreement(page, token, {
    title: `${title} ${Date.now()}`,
    event_date: '2030-07-04',
    location: 'Stadtpark',
    description: 'Fest.',
  });
  await saveBillingSettings(page, token, event.organisation_id);
  return { token, event };
}
