// GET /invoices/{id}/payment-details on both engines: the bank details printed on the invoice, its
// number as the reference, the amount still open after payments and the GiroCode of that amount;
// the sponsor reads them by the link, nothing for drafts, cancelled invoices or other organisations.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoicePaymentDetailsWire } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { requester, type TestUser } from '../events/test-support.ts';
import { guestHeaders } from '../sponsorships/test-support.ts';
import { girocodePayload, qrMatrix } from './girocode.ts';
import { matrixPath } from './payment-details.ts';
import { billingOrganiser, confirmedSponsorship, eventWithPackage, issuedInvoice } from './test-support.ts';

/** The dark squares an SVG path of matrixPath draws, back as a matrix. */
function matrixOf(path: string, size: number): boolean[][] {
  const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(run); i++) matrix[Number(y)]![Number(x) + i] = true;
  }
  return matrix;
}

describe('matrixPath', () => {
  it('draws exactly the dark modules, runs merged', () => {
    const matrix = qrMatrix('BCD\n002\n1\nSCT\nCOBADEFFXXX\nVerein\nDE89370400440532013000\nEUR1190.00\n\n\nRE-1');
    const path = matrixPath(matrix);
    expect(matrixOf(path, matrix.length)).toEqual(matrix);
    expect(matrixPath([[true, true, false, true]])).toBe('M0 0h2v1h-2zM3 0h1v1h-1z');
  });
});

describe.each(ENGINES)('payment details of an invoice on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let event: { eventId: number; packageId: number };
  const call = requester(() => t);
  const detailsUrl = (id: number) => `/api/invoices/${id}/payment-details`;

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, stranger] = await Promise.all([billingOrganiser(t), billingOrganiser(t)]);
    event = await eventWithPackage(t, organiser);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('gives the sponsor the bank details, the reference and the open amount with its GiroCode', async () => {
    const guest = await confirmedSponsorship(t, organiser, event);
    const invoice = await issuedInvoice(t, organiser, guest);
    const read = async () => {
      const res = await t.app.inject({ method: 'GET', url: detailsUrl(invoice.id), headers: guestHeaders(guest) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      return res.json<InvoicePaymentDetailsWire>();
    };
    const details = await read();
    expect(details).toMatchObject({
      account_holder: invoice.seller.name,
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      reference: invoice.number,
      amount_cents: 119_000,
      due_date: invoice.due_date,
    });
    const expected = qrMatrix(
      girocodePayload({
        bic: 'COBADEFFXXX',
        name: invoice.seller.name,
        iban: 'DE89370400440532013000',
        cents: 119_000,
        text: invoice.number!,
      }),
    );
    expect(details.girocode!.size).toBe(expected.length);
    expect(matrixOf(details.girocode!.path, details.girocode!.size)).toEqual(expected);

    // A part paid: the rest is open, and the code asks for the rest.
    const pay = (amount_cents: number) =>
      call('POST', `/api/invoices/${invoice.id}/payments`, organiser.token, { paid_on: '2026-06-02', amount_cents });
    expect((await pay(19_000)).statusCode).toBe(200);
    const rest = await read();
    expect(rest.amount_cents).toBe(100_000);
    expect(rest.girocode!.path).not.toBe(details.girocode!.path);
    expect((await pay(100_000)).statusCode).toBe(200);
    expect(await read()).toMatchObject({ amount_cents: 0, girocode: null });
  });

  it('has nothing to pay for drafts and cancelled invoices, and nothing for others', async () => {
    const guest = await confirmedSponsorship(t, organiser, event);
    const invoice = await issuedInvoice(t, organiser, guest);
    expect((await call('GET', detailsUrl(invoice.id), stranger.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: detailsUrl(invoice.id) })).statusCode).toBe(401);
    const cancelled = await call('POST', `/api/invoices/${invoice.id}/cancel`, organiser.token);
    expect(cancelled.statusCode).toBe(201);
    for (const id of [invoice.id, cancelled.json().invoice.id as number]) {
      const res = await call('GET', detailsUrl(id), organiser.token);
      expect([res.statusCode, res.json().code]).toEqual([409, 'invoice.not-issued']);
    }
    const draft = await call('POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`, organiser.token);
    const draftId = draft.json().invoice.id as number;
    expect((await call('GET', detailsUrl(draftId), organiser.token)).statusCode).toBe(409);
    const asSponsor = await t.app.inject({ method: 'GET', url: detailsUrl(draftId), headers: guestHeaders(guest) });
    expect(asSponsor.statusCode).toBe(404);
  });
});
