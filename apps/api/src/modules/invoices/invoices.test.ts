// The Done-when flow of issue 20 through the real routes, on both engines: billing settings, a draft
// from a confirmed sponsorship, issuing (number, e-mail with PDF and XML), the sponsor's downloads by
// the invitation link, the next number, a cancellation that keeps both, partial and full payment in
// the dashboard sums, and an overdue invoice's reminders.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceNumbersWire, InvoiceWire } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { listOutbox } from '../../ports/mail/outbox.ts';
import { requester, type TestUser } from '../events/test-support.ts';
import { guestHeaders, type Guest } from '../sponsorships/test-support.ts';
import { remindersJobOf } from './reminders-job.ts';
import {
  billingOrganiser,
  confirmedSponsorship,
  eventWithPackage,
  issuedInvoice,
  SETTINGS,
  signInAgain,
} from './test-support.ts';

const DAY = 86_400_000;

describe.each(ENGINES)('invoices on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let event: { eventId: number; packageId: number };
  const call = requester(() => t);
  const asGuest = (url: string, guest: Guest) => t.app.inject({ method: 'GET', url, headers: guestHeaders(guest) });
  const numbers = async () =>
    (
      await call('GET', `/api/organisation/${organiser.organisationId}/invoice-numbers`, organiser.token)
    ).json<InvoiceNumbersWire>();
  const mailsTo = async (to: string) => (await listOutbox(t.database.db, 500)).filter((m) => m.to === to);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    t.clock.advance(Date.parse('2026-06-01T08:00:00Z') - t.clock().getTime());
    [organiser, stranger] = await Promise.all([billingOrganiser(t), billingOrganiser(t)]);
    event = await eventWithPackage(t, organiser);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('keeps the billing settings, checks IBAN, BIC and number format, and only the owner saves', async () => {
    const url = `/api/organisation/${organiser.organisationId}/billing-settings`;
    const got = (await call('GET', url, organiser.token)).json();
    expect(got.missing).toEqual([]);
    expect(got.settings).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', default_vat_rate: 19 });
    expect(got.master_data).toMatchObject({ city: 'Berlin', country: 'DE' });
    for (const [change, code] of [
      [{ iban: 'DE89 3704 0044 0532 0130 01' }, 'billing.iban-invalid'],
      [{ bic: 'C0BADEFFXXX' }, 'billing.bic-invalid'],
      [{ number_format: 'RE-{YYYY}' }, 'billing.number-format-invalid'],
      [{ tax_number: null, vat_id: null }, 'billing.tax-id-missing'],
      [{ default_vat_rate: 0 }, 'billing.zero-rate-reason-missing'],
    ] as const) {
      const res = await call('PUT', url, organiser.token, { ...SETTINGS, ...change });
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
    }
    expect((await call('GET', url, stranger.token)).statusCode).toBe(403);
    expect((await call('PUT', url, stranger.token, SETTINGS)).statusCode).toBe(403);
  });

  it('refuses a draft before confirmation, without buyer details and without billing settings', async () => {
    const noBuyer = await confirmedSponsorship(t, organiser, event, null);
    const res = await call('POST', `/api/sponsorships/${noBuyer.sponsorshipId}/invoices`, organiser.token);
    expect([res.statusCode, res.json().code]).toEqual([409, 'invoice.buyer-details-missing']);
    const bare = await billingOrganiser(t, null);
    const bareEvent = await eventWithPackage(t, bare);
    const sponsorship = await confirmedSponsorship(t, bare, bareEvent);
    const noSettings = await call('POST', `/api/sponsorships/${sponsorship.sponsorshipId}/invoices`, bare.token);
    expect([noSettings.statusCode, noSettings.json().code]).toEqual([409, 'invoice.billing-settings-missing']);
    expect(
      (await call('POST', `/api/sponsorships/${sponsorship.sponsorshipId}/invoices`, stranger.token)).statusCode,
    ).toBe(404);
  });

  it('issues, numbers, mails, lets the sponsor download, cancels keeping both, and tracks payments', async () => {
    const guest = await confirmedSponsorship(t, organiser, event);
    const draftRes = await call('POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`, organiser.token);
    expect(draftRes.statusCode).toBe(201);
    const draft = draftRes.json().invoice as InvoiceWire;
    expect(draft).toMatchObject({
      status: 'draft',
      number: null,
      net_cents: 100_000,
      vat_cents: 19_000,
      gross_cents: 119_000,
    });
    expect(draft.lines[0]!.description).toContain('Gold: Logo auf dem Trikot, Stand');
    // The sponsor never sees a draft.
    expect((await asGuest(`/api/invoices/${draft.id}`, guest)).statusCode).toBe(404);
    expect((await asGuest(`/api/sponsorships/${guest.sponsorshipId}/invoices`, guest)).json().invoices).toEqual([]);
    const patched = await call('PATCH', `/api/invoices/${draft.id}`, organiser.token, { vat_rate: 7, note: 'Danke!' });
    expect(patched.json().invoice).toMatchObject({ vat_cents: 7_000, gross_cents: 107_000, note: 'Danke!' });
    await call('PATCH', `/api/invoices/${draft.id}`, organiser.token, { vat_rate: 19 });

    const issuedRes = await call('POST', `/api/invoices/${draft.id}/issue`, organiser.token);
    expect(issuedRes.statusCode).toBe(200);
    const first = issuedRes.json().invoice as InvoiceWire;
    expect(first).toMatchObject({
      status: 'issued',
      number: 'RE-2026-0001',
      invoice_date: '2026-06-01',
      due_date: '2026-06-15',
    });
    expect(first.seller).toMatchObject({ vat_id: 'DE123456789', tax_number: '30/123/45678' });
    expect(first.buyer).toMatchObject({ name: 'Müller Getränke GmbH', city: 'Köln' });
    // An issued invoice never changes or disappears.
    expect((await call('PATCH', `/api/invoices/${first.id}`, organiser.token, { note: 'x' })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/invoices/${first.id}`, organiser.token)).statusCode).toBe(409);
    expect((await call('POST', `/api/invoices/${first.id}/issue`, organiser.token)).statusCode).toBe(409);

    const mail = (await mailsTo(guest.email)).find((m) => m.subject.startsWith('Ihre Rechnung'));
    expect(mail!.subject).toBe('Ihre Rechnung RE-2026-0001 von Sportverein Musterstadt e.V.');
    // Where to pay, as printed on the invoice.
    expect(mail!.text).toContain(
      'Bitte überweisen Sie den Betrag bis zum 15.06.2026 an Sportverein Musterstadt e.V., ' +
        'IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX, mit dem Verwendungszweck RE-2026-0001.',
    );
    expect(mail!.attachments.map((a) => [a.filename, a.content_type])).toEqual([
      ['RE-2026-0001.pdf', 'application/pdf'],
      ['RE-2026-0001-xrechnung.xml', 'application/xml'],
    ]);

    // The sponsor by the link: the list, the PDF and the XRechnung XML.
    const listed = (await asGuest(`/api/sponsorships/${guest.sponsorshipId}/invoices`, guest)).json().invoices;
    expect(listed.map((i: InvoiceWire) => i.number)).toEqual(['RE-2026-0001']);
    const pdf = await asGuest(`/api/invoices/${first.id}/invoice.pdf`, guest);
    expect([pdf.statusCode, pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual([
      200,
      'application/pdf',
      '%PDF-',
    ]);
    const xml = await asGuest(`/api/invoices/${first.id}/xrechnung.xml`, guest);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(xml.body).toContain('<ram:ID>RE-2026-0001</ram:ID>');
    const zugferd = await asGuest(`/api/invoices/${first.id}/zugferd.pdf`, guest);
    expect(zugferd.rawPayload.includes(Buffer.from('factur-x.xml'))).toBe(true);
    // The same bytes on the second download (stored once, by their hash).
    expect((await asGuest(`/api/invoices/${first.id}/invoice.pdf`, guest)).rawPayload.equals(pdf.rawPayload)).toBe(
      true,
    );
    // Another organiser and another sponsor see nothing.
    expect((await call('GET', `/api/invoices/${first.id}`, stranger.token)).statusCode).toBe(404);
    const other = await confirmedSponsorship(t, organiser, event);
    expect((await asGuest(`/api/invoices/${first.id}/xrechnung.xml`, other)).statusCode).toBe(404);

    // A second invoice gets the next number.
    const second = await issuedInvoice(t, organiser, other);
    expect(second.number).toBe('RE-2026-0002');

    // Cancelling keeps both: the original is cancelled, the cancellation has its own number and negative amounts.
    const cancelRes = await call('POST', `/api/invoices/${first.id}/cancel`, organiser.token);
    expect(cancelRes.statusCode).toBe(201);
    const storno = cancelRes.json().invoice as InvoiceWire;
    expect(storno).toMatchObject({
      kind: 'cancellation',
      number: 'RE-2026-0003',
      gross_cents: -119_000,
      cancels: { id: first.id, number: 'RE-2026-0001' },
    });
    const original = (await call('GET', `/api/invoices/${first.id}`, organiser.token)).json().invoice;
    expect(original).toMatchObject({ status: 'cancelled', cancelled_by: { id: storno.id, number: 'RE-2026-0003' } });
    expect((await call('POST', `/api/invoices/${first.id}/cancel`, organiser.token)).statusCode).toBe(409);
    const stornoXml = await asGuest(`/api/invoices/${storno.id}/xrechnung.xml`, guest);
    expect(stornoXml.body).toContain('<ram:TypeCode>384</ram:TypeCode>');
    const all = (await call('GET', `/api/organisation/${organiser.organisationId}/invoices`, organiser.token)).json()
      .invoices;
    expect(all.map((i: InvoiceWire) => i.number)).toEqual(['RE-2026-0003', 'RE-2026-0002', 'RE-2026-0001']);

    // Partial, then full payment: the dashboard sums follow.
    expect((await numbers()).totals).toMatchObject({
      invoiced_cents: 119_000,
      paid_cents: 0,
      outstanding_cents: 119_000,
      count: 1,
    });
    const part = await call('POST', `/api/invoices/${second.id}/payments`, organiser.token, {
      paid_on: '2026-06-05',
      amount_cents: 50_000,
    });
    expect(part.json().invoice).toMatchObject({ status: 'issued', paid_cents: 50_000, outstanding_cents: 69_000 });
    const over = await call('POST', `/api/invoices/${second.id}/payments`, organiser.token, {
      paid_on: '2026-06-06',
      amount_cents: 69_001,
    });
    expect([over.statusCode, over.json().code]).toEqual([409, 'invoice.payment-exceeds-outstanding']);
    const rest = await call('POST', `/api/invoices/${second.id}/payments`, organiser.token, {
      paid_on: '2026-06-06',
      amount_cents: 69_000,
    });
    expect(rest.json().invoice).toMatchObject({ status: 'paid', outstanding_cents: 0 });
    expect(rest.json().invoice.payments.map((p: { amount_cents: number }) => p.amount_cents)).toEqual([50_000, 69_000]);
    const sums = await numbers();
    expect(sums.totals).toMatchObject({ invoiced_cents: 119_000, paid_cents: 119_000, outstanding_cents: 0 });
    expect(sums.events).toEqual([expect.objectContaining({ event_id: event.eventId, paid_cents: 119_000 })]);

    // Both parties see the invoices in the sponsorship's activity log.
    const activity = (await asGuest(`/api/sponsorships/${other.sponsorshipId}/packages`, other)).json().activity;
    expect(
      activity
        .filter((a: { kind: string }) => a.kind.startsWith('invoice_'))
        .map((a: { kind: string; note: string }) => [a.kind, a.note]),
    ).toEqual([
      ['invoice_issued', 'RE-2026-0002'],
      ['invoice_paid', 'RE-2026-0002'],
    ]);

    // The CSV export lists the issued invoices.
    const csv = await call('GET', `/api/organisation/${organiser.organisationId}/invoices.csv`, organiser.token);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(4);
    expect(csv.body).toContain('"RE-2026-0003";"cancellation";"issued"');
  });

  it('marks an unpaid invoice overdue after its due date and reminds by stage, as switched on', async () => {
    const guest = await confirmedSponsorship(t, organiser, event);
    const invoice = await issuedInvoice(t, organiser, guest);
    const job = remindersJobOf(t.database.db)!;
    const reminders = async () =>
      (await mailsTo(guest.email)).filter((m) => m.subject.startsWith('Zahlungserinnerung'));
    await job.run(t.clock());
    expect(await reminders()).toEqual([]);
    t.clock.advance(15 * DAY); // due + 1 day
    organiser = await signInAgain(t, organiser);
    const overdueRes = await call('GET', `/api/invoices/${invoice.id}`, organiser.token);
    expect(overdueRes.statusCode, overdueRes.body).toBe(200);
    const overdue = overdueRes.json().invoice;
    expect(overdue.status).toBe('overdue');
    expect((await numbers()).totals.overdue_cents).toBe(119_000);
    // The organiser's open tasks name it, with what is open.
    const tasks = (await call('GET', `/api/organisation/${organiser.organisationId}/tasks`, organiser.token)).json();
    expect(tasks.overdue_invoices).toEqual([
      {
        id: invoice.id,
        number: invoice.number,
        event_id: event.eventId,
        event_title: expect.any(String),
        sponsor_email: guest.email,
        outstanding_cents: 119_000,
        due_date: invoice.due_date,
      },
    ]);
    await job.run(t.clock());
    await job.run(t.clock());
    expect((await reminders()).map((m) => m.subject)).toEqual([
      `Zahlungserinnerung 1: Rechnung ${invoice.number} von Sportverein Musterstadt e.V.`,
    ]);
    // A reminder has no attachment: it says where to transfer to itself.
    expect((await reminders())[0]!.text).toContain(
      `IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX, mit dem Verwendungszweck ${invoice.number}.`,
    );
    t.clock.advance(7 * DAY);
    await job.run(t.clock());
    t.clock.advance(7 * DAY);
    await job.run(t.clock());
    // Two stages in the settings: no third reminder.
    expect((await reminders()).map((m) => m.subject.slice(0, 20))).toEqual([
      'Zahlungserinnerung 2',
      'Zahlungserinnerung 1',
    ]);
    organiser = await signInAgain(t, organiser);
    const listed = await call(
      'GET',
      `/api/organisation/${organiser.organisationId}/invoices?status=overdue`,
      organiser.token,
    );
    expect(listed.json().invoices.map((i: InvoiceWire) => i.id)).toEqual([invoice.id]);
  });

  it('exports the invoices with the data and keeps issued ones when the organiser deletes the account', async () => {
    const owner = await billingOrganiser(t);
    const ownEvent = await eventWithPackage(t, owner, 'Vereinsfest');
    const invoice = await issuedInvoice(t, owner, await confirmedSponsorship(t, owner, ownEvent));
    const draftGuest = await confirmedSponsorship(t, owner, ownEvent);
    const draft = (await call('POST', `/api/sponsorships/${draftGuest.sponsorshipId}/invoices`, owner.token)).json()
      .invoice;
    const exported = (await call('GET', '/api/data-export', owner.token)).json();
    expect(exported.invoices.issued_by_organisation.map((i: { number: string }) => i.number)).toEqual([invoice.number]);
    expect((await call('DELETE', `/api/user-profile/${owner.sub}`, owner.token)).statusCode).toBe(204);
    // The organisation and its sponsorships are gone; the issued invoice stays for the retention period (§ 147 AO).
    const kept = await t.database.db
      .selectFrom('invoices')
      .select(['id', 'number', 'status'])
      .where('organisation_id', '=', owner.organisationId)
      .execute();
    expect(kept.map((r) => r.number)).toContain(invoice.number);
    // Its draft is not an invoice and goes with the organisation.
    expect(kept.map((r) => r.id)).not.toContain(draft.id);
  });
});
