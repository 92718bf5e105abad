// The numbers are decided by the database: N drafts issued at once get N distinct consecutive
// numbers with no gap, on both engines; and the VAT treatments follow the buyer and the settings
// (§ 19, reverse charge in the EU, not taxable outside it).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceWire } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { requester } from '../events/test-support.ts';
import {
  billingOrganiser,
  BUYER,
  confirmedSponsorship,
  eventWithPackage,
  issuedInvoice,
  SETTINGS,
} from './test-support.ts';

const N = 8;

describe.each(ENGINES)('invoice numbers and VAT on %s', (engine) => {
  let t: IdentityTestApp;
  const call = requester(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    t.clock.advance(Date.parse('2026-06-01T08:00:00Z') - t.clock().getTime());
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('gives concurrent issues distinct consecutive numbers without a gap', async () => {
    const organiser = await billingOrganiser(t, { ...SETTINGS, number_format: '{YY}-{NNN}' });
    const event = await eventWithPackage(t, organiser);
    const drafts: number[] = [];
    for (let i = 0; i < N; i++) {
      const guest = await confirmedSponsorship(t, organiser, event);
      drafts.push(
        (await call('POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`, organiser.token)).json().invoice.id,
      );
    }
    const answers = await Promise.all(drafts.map((id) => call('POST', `/api/invoices/${id}/issue`, organiser.token)));
    expect(answers.map((a) => a.statusCode)).toEqual(drafts.map(() => 200));
    const numbers = answers.map((a) => (a.json().invoice as InvoiceWire).number!).sort();
    expect(numbers).toEqual(Array.from({ length: N }, (_, i) => `26-${String(i + 1).padStart(3, '0')}`));
    // Issuing the same draft twice at once: one wins, the other is refused, and no number is used up.
    const guest = await confirmedSponsorship(t, organiser, event);
    const id = (await call('POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`, organiser.token)).json().invoice
      .id;
    const twice = await Promise.all([1, 2].map(() => call('POST', `/api/invoices/${id}/issue`, organiser.token)));
    expect(twice.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const next = await issuedInvoice(t, organiser, await confirmedSponsorship(t, organiser, event));
    expect(next.number).toBe(`26-${String(N + 2).padStart(3, '0')}`);
    // Eight issues at once, each rendering its PDFs and e-invoices: a minute on a busy two-core machine.
  }, 90_000);

  it('numbers each organisation on its own', async () => {
    const [a, b] = await Promise.all([billingOrganiser(t), billingOrganiser(t)]);
    const [eventA, eventB] = [await eventWithPackage(t, a), await eventWithPackage(t, b)];
    expect((await issuedInvoice(t, a, await confirmedSponsorship(t, a, eventA))).number).toBe('RE-2026-0001');
    expect((await issuedInvoice(t, b, await confirmedSponsorship(t, b, eventB))).number).toBe('RE-2026-0001');
  });

  it('charges no VAT with the § 19 note, or reverse charge with its note (§ 3a (2), § 14a UStG) for an EU business', async () => {
    const small = await billingOrganiser(t, { ...SETTINGS, small_business: true, vat_id: null });
    const smallInvoice = await issuedInvoice(
      t,
      small,
      await confirmedSponsorship(t, small, await eventWithPackage(t, small)),
    );
    expect(smallInvoice).toMatchObject({ vat_treatment: 'small_business', vat_cents: 0, gross_cents: 100_000 });
    expect(smallInvoice.vat_note).toContain('§ 19 UStG');

    const organiser = await billingOrganiser(t);
    const event = await eventWithPackage(t, organiser);
    const austrian = {
      ...BUYER,
      country: 'AT',
      city: 'Wien',
      postal_code: '1010',
      vat_id: 'ATU12345678',
      language: 'en' as const,
    };
    const guest = await confirmedSponsorship(t, organiser, event, austrian);
    const rc = await issuedInvoice(t, organiser, guest);
    expect(rc).toMatchObject({ vat_treatment: 'reverse_charge', vat_cents: 0, gross_cents: 100_000, language: 'en' });
    expect(rc.vat_note).toContain('Steuerschuldnerschaft des Leistungsempfängers');
    expect(rc.vat_note).toContain('§ 3a (2) UStG');
    expect(rc.vat_note).toContain('Art. 196');
    // The English mail goes to the buyer.
    const xml = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${rc.id}/xrechnung.xml`,
      headers: { authorization: `${guest.token}:${guest.email}` },
    });
    expect(xml.body).toContain('<ram:CategoryCode>AE</ram:CategoryCode>');
    // An Austrian private sponsor (no VAT id) pays German VAT.
    const privateGuest = await confirmedSponsorship(t, organiser, event, { ...austrian, vat_id: null });
    expect(await issuedInvoice(t, organiser, privateGuest)).toMatchObject({
      vat_treatment: 'standard',
      vat_cents: 19_000,
    });
    // A 0 % draft needs its reason.
    const zero = await confirmedSponsorship(t, organiser, event);
    const draft = (await call('POST', `/api/sponsorships/${zero.sponsorshipId}/invoices`, organiser.token)).json()
      .invoice;
    const refused = await call('PATCH', `/api/invoices/${draft.id}`, organiser.token, {
      vat_rate: 0,
      zero_rate_reason: null,
    });
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'invoice.zero-rate-reason-missing']);
    const ok = await call('PATCH', `/api/invoices/${draft.id}`, organiser.token, {
      vat_rate: 0,
      zero_rate_reason: 'Steuerfrei nach § 4 Nr. 22 b UStG',
    });
    expect(ok.json().invoice).toMatchObject({
      vat_treatment: 'zero_rated',
      vat_note: 'Steuerfrei nach § 4 Nr. 22 b UStG',
      gross_cents: 100_000,
    });
  });

  it('invoices a buyer outside the EU without German VAT (§ 3a (2), (4) UStG), category O without VAT ids', async () => {
    const organiser = await billingOrganiser(t);
    const event = await eventWithPackage(t, organiser);
    const swiss = { ...BUYER, country: 'CH', city: 'Zürich', postal_code: '8001', language: 'en' as const };
    const guest = await confirmedSponsorship(t, organiser, event, swiss);
    const invoice = await issuedInvoice(t, organiser, guest);
    expect(invoice).toMatchObject({ vat_treatment: 'not_taxable', vat_cents: 0, gross_cents: 100_000 });
    expect(invoice.vat_note).toContain('Not subject to German VAT');
    expect(invoice.vat_note).toContain('§ 3a (2) and (4) sentence 2 no. 2 UStG');
    const xml = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/xrechnung.xml`,
      headers: { authorization: `${guest.token}:${guest.email}` },
    });
    expect(xml.body).toContain('<ram:CategoryCode>O</ram:CategoryCode>');
    expect(xml.body).not.toContain(SETTINGS.vat_id!);
    expect(xml.body).toContain(SETTINGS.tax_number!);
    // A US private sponsor: the same (§ 3a (4) sentence 2 no. 2 UStG), in German.
    const american = { ...swiss, country: 'US', city: 'Boston', postal_code: '02108', language: 'de' as const };
    const us = await issuedInvoice(t, organiser, await confirmedSponsorship(t, organiser, event, american));
    expect(us).toMatchObject({ vat_treatment: 'not_taxable', vat_cents: 0 });
    expect(us.vat_note).toContain('Nicht im Inland steuerbare Leistung');

    // A seller with only a VAT id cannot be identified in such an e-invoice (BR-O-02, BR-CO-26): the
    // draft is refused with what to enter.
    const vatIdOnly = await billingOrganiser(t, { ...SETTINGS, tax_number: null });
    const refused = await call(
      'POST',
      `/api/sponsorships/${(await confirmedSponsorship(t, vatIdOnly, await eventWithPackage(t, vatIdOnly), swiss)).sponsorshipId}/invoices`,
      vatIdOnly.token,
    );
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'invoice.tax-number-missing']);
    // A German buyer of the same seller is invoiced as before.
    const domestic = await issuedInvoice(
      t,
      vatIdOnly,
      await confirmedSponsorship(t, vatIdOnly, await eventWithPackage(t, vatIdOnly)),
    );
    expect(domestic).toMatchObject({ vat_treatment: 'standard', vat_cents: 19_000 });
  });

  // Runs last: the clock only moves forward.
  it('dates an invoice issued in the first hour of 1 January in Germany on that day, in the new year', async () => {
    t.clock.advance(Date.parse('2026-12-31T23:30:00Z') - t.clock().getTime());
    const organiser = await billingOrganiser(t);
    const invoice = await issuedInvoice(
      t,
      organiser,
      await confirmedSponsorship(t, organiser, await eventWithPackage(t, organiser)),
    );
    expect(invoice).toMatchObject({ invoice_date: '2027-01-01', due_date: '2027-01-15', number: 'RE-2027-0001' });
  });
});
