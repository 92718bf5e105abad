// Every state change of an invoice is decided by the database per invoice (decision 060), on both
// engines: the same request five times at once, and conflicting pairs, get one winner and honest
// answers for the rest (never invoice.not-issued for an issued invoice), and the invariants hold
// afterwards: paid ≤ total, one open invoice per sponsorship, an edit never lost under an issue.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceWire } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { requester, type TestUser } from '../events/test-support.ts';
import { listOutbox } from '../../ports/mail/outbox.ts';
import {
  billingOrganiser,
  confirmedSponsorship,
  eventWithPackage,
  issuedInvoice,
  signInAgain,
} from './test-support.ts';

const FIVE = [0, 1, 2, 3, 4];
const outcome = (res: { statusCode: number; json: () => { code?: string } }) =>
  res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${res.json().code}`;

describe.each(ENGINES)('invoice changes at once on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let event: { eventId: number; packageId: number };
  const call = requester(() => t);
  const invoice = async (id: number) =>
    (await call('GET', `/api/invoices/${id}`, organiser.token)).json<{ invoice: InvoiceWire }>().invoice;
  const pay = (id: number, cents: number) =>
    call('POST', `/api/invoices/${id}/payments`, organiser.token, { paid_on: '2026-06-02', amount_cents: cents });
  const issued = async () => issuedInvoice(t, organiser, await confirmedSponsorship(t, organiser, event));

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    t.clock.advance(Date.parse('2026-06-02T08:00:00Z') - t.clock().getTime());
    organiser = await billingOrganiser(t);
    event = await eventWithPackage(t, organiser);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('records the full payment sent five times at once once, and refuses the rest as more than outstanding', async () => {
    const inv = await issued();
    const answers = await Promise.all(FIVE.map(() => pay(inv.id, inv.gross_cents)));
    expect(answers.map(outcome).sort()).toEqual([
      '200',
      '409 invoice.payment-exceeds-outstanding',
      '409 invoice.payment-exceeds-outstanding',
      '409 invoice.payment-exceeds-outstanding',
      '409 invoice.payment-exceeds-outstanding',
    ]);
    const after = await invoice(inv.id);
    expect([after.status, after.paid_cents, after.payments.length]).toEqual(['paid', inv.gross_cents, 1]);
  });

  it('records five different partial payments at once that fit, each seeing the sum the others left', async () => {
    const inv = await issued();
    const answers = await Promise.all(FIVE.map((i) => pay(inv.id, 100 + i)));
    expect(answers.map(outcome)).toEqual(['200', '200', '200', '200', '200']);
    expect((await invoice(inv.id)).paid_cents).toBe(510);
  });

  it('records the same partial payment sent five times at once once (a double click, a retry, a second tab)', async () => {
    const inv = await issued();
    const answers = await Promise.all(FIVE.map(() => pay(inv.id, 100)));
    expect(answers.map(outcome).sort()).toEqual([
      '200',
      '409 invoice.payment-duplicate',
      '409 invoice.payment-duplicate',
      '409 invoice.payment-duplicate',
      '409 invoice.payment-duplicate',
    ]);
    const after = await invoice(inv.id);
    expect([after.paid_cents, after.payments.length]).toEqual([100, 1]);
    // Sent again later it is the same repetition; said to be paid twice, it is recorded.
    expect(outcome(await pay(inv.id, 100))).toBe('409 invoice.payment-duplicate');
    const twice = await call('POST', `/api/invoices/${inv.id}/payments`, organiser.token, {
      paid_on: '2026-06-02',
      amount_cents: 100,
      allow_duplicate: true,
    });
    expect(outcome(twice)).toBe('200');
    expect((await invoice(inv.id)).paid_cents).toBe(200);
    // Another day or another amount is another payment.
    expect(outcome(await pay(inv.id, 101))).toBe('200');
    const nextDay = await call('POST', `/api/invoices/${inv.id}/payments`, organiser.token, {
      paid_on: '2026-06-01',
      amount_cents: 100,
    });
    expect(outcome(nextDay)).toBe('200');
  });

  it('records the same refund sent five times at once once', async () => {
    const inv = await issued();
    expect(outcome(await pay(inv.id, 1000))).toBe('200');
    const refund = () =>
      call('POST', `/api/invoices/${inv.id}/refunds`, organiser.token, { paid_on: '2026-06-02', amount_cents: 300 });
    const answers = await Promise.all(FIVE.map(refund));
    expect(answers.map(outcome).sort()).toEqual([
      '200',
      '409 invoice.payment-duplicate',
      '409 invoice.payment-duplicate',
      '409 invoice.payment-duplicate',
      '409 invoice.payment-duplicate',
    ]);
    expect((await invoice(inv.id)).paid_cents).toBe(700);
  });

  it('of two payments whose sum exceeds the total records one and refuses the other', async () => {
    const inv = await issued();
    const part = Math.ceil(inv.gross_cents * 0.6);
    const answers = await Promise.all([pay(inv.id, part), pay(inv.id, part)]);
    expect(answers.map(outcome).sort()).toEqual(['200', '409 invoice.payment-exceeds-outstanding']);
    const after = await invoice(inv.id);
    expect(after.paid_cents).toBe(part);
    expect(after.paid_cents).toBeLessThanOrEqual(after.gross_cents);
  });

  it('of a payment and a cancellation at once lets exactly one through, the other told why', async () => {
    for (let round = 0; round < 3; round++) {
      const inv = await issued();
      const [paid, cancelled] = await Promise.all([
        pay(inv.id, inv.gross_cents),
        call('POST', `/api/invoices/${inv.id}/cancel`, organiser.token),
      ]);
      const pair = [outcome(paid!), outcome(cancelled!)];
      expect([
        ['200', '409 invoice.paid-cancel-refund-first'],
        ['409 invoice.cancelled', '201'],
      ]).toContainEqual(pair);
      const after = await invoice(inv.id);
      expect(after.status === 'cancelled' ? after.paid_cents : after.gross_cents).toBe(
        after.status === 'cancelled' ? 0 : after.paid_cents,
      );
    }
  });

  it('cancels once when asked five times at once', async () => {
    const inv = await issued();
    const answers = await Promise.all(FIVE.map(() => call('POST', `/api/invoices/${inv.id}/cancel`, organiser.token)));
    expect(answers.map(outcome).sort()).toEqual([
      '201',
      '409 invoice.cancelled',
      '409 invoice.cancelled',
      '409 invoice.cancelled',
      '409 invoice.cancelled',
    ]);
    const cancellations = await t.database.db
      .selectFrom('invoices')
      .select('id')
      .where('cancels_invoice_id', '=', inv.id)
      .execute();
    expect(cancellations).toHaveLength(1);
  });

  it('issues once when asked five times at once, using one number', async () => {
    const guest = await confirmedSponsorship(t, organiser, event);
    const draft = (await call('POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`, organiser.token)).json()
      .invoice as InvoiceWire;
    const counter = () =>
      t.database.db
        .selectFrom('invoice_counters')
        .select('last_number')
        .where('organisation_id', '=', organiser.organisationId)
        .executeTakeFirst()
        .then((row) => Number(row?.last_number ?? 0));
    const before = await counter();
    const answers = await Promise.all(FIVE.map(() => call('POST', `/api/invoices/${draft.id}/issue`, organiser.token)));
    expect(answers.map(outcome).sort()).toEqual([
      '200',
      '409 invoice.not-draft',
      '409 invoice.not-draft',
      '409 invoice.not-draft',
      '409 invoice.not-draft',
    ]);
    expect(await counter()).toBe(before + 1);
  });

  it('never loses an edit under an issue made at the same time', async () => {
    for (let round = 0; round < 3; round++) {
      const guest = await confirmedSponsorship(t, organiser, event);
      const draft = (await call('POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`, organiser.token)).json()
        .invoice as InvoiceWire;
      const lines = [{ description: 'Geändert', quantity: 2, unit_price_cents: 12_345 }];
      const [edited, issuedRes] = await Promise.all([
        call('PATCH', `/api/invoices/${draft.id}`, organiser.token, { lines }),
        call('POST', `/api/invoices/${draft.id}/issue`, organiser.token),
      ]);
      const after = await invoice(draft.id);
      if (edited!.statusCode === 200 && issuedRes!.statusCode === 200) {
        expect(after.lines[0]!.description).toBe('Geändert');
      } else if (edited!.statusCode === 200) {
        expect(outcome(issuedRes!)).toBe('409 invoice.draft-changed');
        expect(after.status).toBe('draft');
      } else {
        expect(outcome(edited!)).toBe('409 invoice.not-draft');
        expect(after.status).toBe('issued');
      }
    }
  });

  it('makes one draft of five asked at once, and none beside an unpaid invoice unless a further one is asked for', async () => {
    const guest = await confirmedSponsorship(t, organiser, event);
    const url = `/api/sponsorships/${guest.sponsorshipId}/invoices`;
    const answers = await Promise.all(FIVE.map(() => call('POST', url, organiser.token)));
    expect(answers.map(outcome).sort()).toEqual([
      '201',
      '409 invoice.draft-exists',
      '409 invoice.draft-exists',
      '409 invoice.draft-exists',
      '409 invoice.draft-exists',
    ]);
    const draft = answers.find((r) => r.statusCode === 201)!.json().invoice as InvoiceWire;
    expect((await call('POST', `/api/invoices/${draft.id}/issue`, organiser.token)).statusCode).toBe(200);

    const two = await Promise.all([call('POST', url, organiser.token), call('POST', url, organiser.token)]);
    expect(two.map(outcome)).toEqual(['409 invoice.open-exists', '409 invoice.open-exists']);
    const further = await Promise.all([
      call('POST', url, organiser.token, { further_invoice: true }),
      call('POST', url, organiser.token, { further_invoice: true }),
    ]);
    expect(further.map(outcome).sort()).toEqual(['201', '409 invoice.draft-exists']);
    const made = further.find((r) => r.statusCode === 201)!.json().invoice as InvoiceWire;
    expect(made.further_invoice).toBe(true);
  });

  // Last: it moves the clock past the due date.
  it('sends one reminder when asked five times at once, and one payment of an overdue invoice settles it', async () => {
    const guest = await confirmedSponsorship(t, organiser, event);
    const inv = await issuedInvoice(t, organiser, guest);
    t.clock.advance(15 * 86_400_000);
    organiser = await signInAgain(t, organiser);
    const answers = await Promise.all(FIVE.map(() => call('POST', `/api/invoices/${inv.id}/remind`, organiser.token)));
    expect(answers.map(outcome).sort()).toEqual([
      '200',
      '409 invoice.reminded-today',
      '409 invoice.reminded-today',
      '409 invoice.reminded-today',
      '409 invoice.reminded-today',
    ]);
    const reminders = (await listOutbox(t.database.db, 500)).filter(
      (m) => m.to === guest.email && m.subject.startsWith('Zahlungserinnerung'),
    );
    expect(reminders).toHaveLength(1);
    const paid = await Promise.all([pay(inv.id, inv.gross_cents), pay(inv.id, inv.gross_cents)]);
    expect(paid.map(outcome).sort()).toEqual(['200', '409 invoice.payment-exceeds-outstanding']);
    expect((await invoice(inv.id)).status).toBe('paid');
  });

  it('keeps one open invoice per sponsorship in the database, whatever the code before the insert checked', async () => {
    const guest = await confirmedSponsorship(t, organiser, event);
    const first = await issuedInvoice(t, organiser, guest);
    const { id: _id, ...row } = await t.database.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    await expect(
      t.database.db
        .insertInto('invoices')
        .values({ ...row, number: null, status: 'draft' })
        .execute(),
    ).rejects.toThrow();
  });
});
