// The business invariants of invoices (decision 060) through the real routes, on both engines: no
// issue date after the server's German calendar day, numbers in the order of their dates, a paid
// invoice cancelled only after its refund is recorded (paid ≤ total throughout), and the payment term
// of the sponsorship's agreement on the invoice made from it.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceNumbersWire, InvoiceWire } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { agreementWorld } from '../agreements/test-support.ts';
import { requester, type TestUser } from '../events/test-support.ts';
import { billingOrganiser, confirmedSponsorship, eventWithPackage, issuedInvoice } from './test-support.ts';

const codeOf = (res: { statusCode: number; json: () => { code?: string } }) => [res.statusCode, res.json().code];

describe.each(ENGINES)('invoice invariants on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let event: { eventId: number; packageId: number };
  const call = requester(() => t);
  const invoice = async (id: number) =>
    (await call('GET', `/api/invoices/${id}`, organiser.token)).json<{ invoice: InvoiceWire }>().invoice;
  const draftOf = async () => {
    const guest = await confirmedSponsorship(t, organiser, event);
    const res = await call('POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`, organiser.token);
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().invoice as InvoiceWire;
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    // 22:30 UTC on 1 June is 00:30 on 2 June in Germany: the server's calendar day is 2 June.
    t.clock.advance(Date.parse('2026-06-01T22:30:00Z') - t.clock().getTime());
    organiser = await billingOrganiser(t);
    event = await eventWithPackage(t, organiser);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('refuses an invoice date after the German calendar day, on the draft and when issuing', async () => {
    const draft = await draftOf();
    const future = await call('PATCH', `/api/invoices/${draft.id}`, organiser.token, { invoice_date: '2026-06-03' });
    expect(codeOf(future)).toEqual([409, 'invoice.date-in-future']);
    // The German day (2 June) is not in the future, although the UTC day is still 1 June.
    const today = await call('PATCH', `/api/invoices/${draft.id}`, organiser.token, { invoice_date: '2026-06-02' });
    expect(today.statusCode).toBe(200);
    // A draft dated ahead before this rule (or by a direct write) is not issued either.
    await t.database.db
      .updateTable('invoices')
      .set({ invoice_date: '2027-01-05' })
      .where('id', '=', draft.id)
      .execute();
    const issued = await call('POST', `/api/invoices/${draft.id}/issue`, organiser.token);
    expect(codeOf(issued)).toEqual([409, 'invoice.date-in-future']);
    expect((await invoice(draft.id)).number).toBeNull();
  });

  it('keeps the number series in date order: no invoice dated before the last one issued', async () => {
    const first = await draftOf();
    expect((await call('POST', `/api/invoices/${first.id}/issue`, organiser.token)).statusCode).toBe(200);
    const back = await draftOf();
    await call('PATCH', `/api/invoices/${back.id}`, organiser.token, { invoice_date: '2026-05-20' });
    const refused = await call('POST', `/api/invoices/${back.id}/issue`, organiser.token);
    expect(codeOf(refused)).toEqual([409, 'invoice.date-before-last']);
    await call('PATCH', `/api/invoices/${back.id}`, organiser.token, { invoice_date: '2026-06-02' });
    expect((await call('POST', `/api/invoices/${back.id}/issue`, organiser.token)).statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('invoices')
      .select(['number', 'invoice_date'])
      .where('organisation_id', '=', organiser.organisationId)
      .where('number', 'is not', null)
      .orderBy('id')
      .execute();
    const dates = rows.map((r) => r.invoice_date!);
    expect(dates).toEqual([...dates].sort());
  });

  it('refuses to cancel a paid invoice until its refund is recorded, then cancels with the totals true', async () => {
    const guest = await confirmedSponsorship(t, organiser, event);
    const inv = await issuedInvoice(t, organiser, guest);
    // A part and the rest of unequal size: the same amount twice on one day would be a repetition.
    const half = Math.floor(inv.gross_cents / 3);
    const pay = (cents: number) =>
      call('POST', `/api/invoices/${inv.id}/payments`, organiser.token, { paid_on: '2026-06-02', amount_cents: cents });
    const refund = (cents: number) =>
      call('POST', `/api/invoices/${inv.id}/refunds`, organiser.token, { paid_on: '2026-06-02', amount_cents: cents });
    const cancel = () => call('POST', `/api/invoices/${inv.id}/cancel`, organiser.token);

    expect((await pay(half)).statusCode).toBe(200);
    expect(codeOf(await cancel())).toEqual([409, 'invoice.paid-cancel-refund-first']);
    expect((await pay(inv.gross_cents - half)).json().invoice.status).toBe('paid');
    expect(codeOf(await cancel())).toEqual([409, 'invoice.paid-cancel-refund-first']);
    expect((await invoice(inv.id)).status).toBe('paid');

    expect(codeOf(await refund(inv.gross_cents + 1))).toEqual([409, 'invoice.refund-exceeds-paid']);
    const refunded = (await refund(inv.gross_cents)).json().invoice as InvoiceWire;
    expect([refunded.status, refunded.paid_cents]).toEqual(['issued', 0]);
    expect(refunded.payments.map((p) => [p.kind, p.amount_cents])).toEqual([
      ['payment', half],
      ['payment', inv.gross_cents - half],
      ['refund', -inv.gross_cents],
    ]);
    const cancelled = await cancel();
    expect(cancelled.statusCode).toBe(201);
    const storno = cancelled.json().invoice as InvoiceWire;
    expect([storno.kind, storno.cancels?.number, storno.gross_cents]).toEqual([
      'cancellation',
      inv.number,
      -inv.gross_cents,
    ]);
    // After the cancellation nothing is paid or refunded on it any more.
    expect(codeOf(await pay(1))).toEqual([409, 'invoice.cancelled']);
    expect(codeOf(await refund(1))).toEqual([409, 'invoice.cancelled']);
    const numbers = (
      await call('GET', `/api/organisation/${organiser.organisationId}/invoice-numbers`, organiser.token)
    ).json<InvoiceNumbersWire>();
    const all = await t.database.db
      .selectFrom('invoices')
      .select(['paid_cents', 'gross_cents', 'kind'])
      .where('organisation_id', '=', organiser.organisationId)
      .execute();
    for (const row of all) expect(Number(row.paid_cents)).toBeLessThanOrEqual(Math.max(0, Number(row.gross_cents)));
    expect(numbers.totals.paid_cents).toBe(all.reduce((sum, r) => sum + Number(r.paid_cents), 0));
  });

  it('takes the payment term of the sponsorship’s agreement, not the billing default', async () => {
    const w = agreementWorld(() => t);
    const generated = await w.generatedEvent(organiser);
    const guest = await w.readySponsor(organiser, generated);
    const sha = (await w.state(guest, guest.sponsorshipId)).document_sha256!;
    expect((await w.sign(guest, guest.sponsorshipId, sha)).statusCode).toBe(201);
    expect((await w.sign(organiser, guest.sponsorshipId, sha)).statusCode).toBe(201);
    const draft = await call('POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`, organiser.token);
    expect(draft.statusCode).toBe(201);
    const issued = (await call('POST', `/api/invoices/${draft.json().invoice.id}/issue`, organiser.token)).json()
      .invoice as InvoiceWire;
    // The agreement says 30 days; the billing settings' default is 14.
    expect([issued.invoice_date, issued.due_date]).toEqual(['2026-06-02', '2026-07-02']);
  });
});
