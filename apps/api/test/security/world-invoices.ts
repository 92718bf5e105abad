// The authorisation matrix's invoices (issue 20): A's billing settings and phone number, the registered
// sponsor's billing details, an issued invoice and a (further) draft of A for the sponsor's confirmed sponsorship.
import type { LightMyRequestResponse } from 'fastify';
import type { IdentityTestApp } from '../../src/identity/test-support.ts';
import type { Credentials } from './world.ts';

type Inject = (
  credentials: Credentials,
  method: string,
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;
type Must = (res: Promise<LightMyRequestResponse>, status: number) => Promise<LightMyRequestResponse>;

export async function invoicesOfWorld(
  t: IdentityTestApp,
  inject: Inject,
  must: Must,
  parties: { organiser: Credentials; organisationId: number; sponsor: Credentials; sponsorshipId: number },
): Promise<{ invoiceA: number; invoiceDraftA: number }> {
  await t.database.db
    .updateTable('organisations')
    .set({ phone_number: '+49 30 1234567' })
    .where('id', '=', parties.organisationId)
    .execute();
  await must(
    inject(parties.organiser, 'PUT', `/api/organisation/${parties.organisationId}/billing-settings`, {
      legal_name: null,
      tax_number: '30/123/45678',
      vat_id: 'DE123456789',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bank_name: null,
      payment_term_days: 14,
      number_format: 'RE-{YYYY}-{NNNN}',
      small_business: false,
      default_vat_rate: 19,
      zero_rate_reason: null,
      reminders_enabled: true,
      reminder_stages: 2,
      reminder_interval_days: 7,
    }),
    200,
  );
  await must(
    inject(parties.sponsor, 'PUT', '/api/sponsor-profile/legal', {
      legal_name: 'Sponsor GmbH',
      street: 'Industriestraße',
      house_number: '5',
      postal_code: '50667',
      city: 'Köln',
      country: 'DE',
      vat_id: null,
      billing_email: null,
      language: 'de',
    }),
    200,
  );
  const draft = async (body?: { further_invoice: true }) =>
    (
      await must(inject(parties.organiser, 'POST', `/api/sponsorships/${parties.sponsorshipId}/invoices`, body), 201)
    ).json<{
      invoice: { id: number };
    }>().invoice.id;
  const invoiceA = await draft();
  await must(inject(parties.organiser, 'POST', `/api/invoices/${invoiceA}/issue`), 200);
  // Beside the unpaid invoice a draft is a further invoice, added explicitly (decision 060).
  return { invoiceA, invoiceDraftA: await draft({ further_invoice: true }) };
}
