// POST /invoices/{id}/remind on both engines: the next reminder of an overdue invoice now, as the job
// would send it (the same stage count, so the job skips that stage), one a day, not before the due
// date, not for a paid invoice, only by the invoice's organisation.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceWire } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { listOutbox } from '../../ports/mail/outbox.ts';
import { requester, type TestUser } from '../events/test-support.ts';
import { remindersJobOf } from './reminders-job.ts';
import {
  billingOrganiser,
  confirmedSponsorship,
  eventWithPackage,
  issuedInvoice,
  signInAgain,
} from './test-support.ts';

const DAY = 86_400_000;

describe.each(ENGINES)('reminding an overdue invoice by hand on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  const call = requester(() => t);
  const remind = (id: number, user = organiser) => call('POST', `/api/invoices/${id}/remind`, user.token);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    t.clock.advance(Date.parse('2026-06-01T08:00:00Z') - t.clock().getTime());
    [organiser, stranger] = await Promise.all([billingOrganiser(t), billingOrganiser(t)]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('sends the next stage once a day after the due date, and the job goes on from there', async () => {
    const event = await eventWithPackage(t, organiser);
    const guest = await confirmedSponsorship(t, organiser, event);
    const invoice = await issuedInvoice(t, organiser, guest);
    const reminders = async () =>
      (await listOutbox(t.database.db, 500)).filter(
        (m) => m.to === guest.email && m.subject.startsWith('Zahlungserinnerung'),
      );

    const early = await remind(invoice.id);
    expect([early.statusCode, early.json().code]).toEqual([409, 'invoice.not-overdue']);

    t.clock.advance(15 * DAY); // a day past due
    organiser = await signInAgain(t, organiser);
    stranger = await signInAgain(t, stranger);
    expect((await remind(invoice.id, stranger)).statusCode).toBe(404);
    const first = await remind(invoice.id);
    expect(first.statusCode).toBe(200);
    expect((first.json().invoice as InvoiceWire).reminders_sent).toBe(1);
    const sent = await reminders();
    expect(sent.map((m) => m.subject)).toEqual([
      `Zahlungserinnerung 1: Rechnung ${invoice.number} von Sportverein Musterstadt e.V.`,
    ]);
    expect(sent[0]!.text).toContain(`mit dem Verwendungszweck ${invoice.number}`);
    const again = await remind(invoice.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'invoice.reminded-today']);

    // The job does not send stage 1 again; a week later its stage 2 follows.
    const job = remindersJobOf(t.database.db)!;
    await job.run(t.clock());
    expect(await reminders()).toHaveLength(1);
    t.clock.advance(7 * DAY);
    await job.run(t.clock());
    expect((await reminders()).map((m) => m.subject.slice(0, 20))).toEqual([
      'Zahlungserinnerung 2',
      'Zahlungserinnerung 1',
    ]);

    // Paid: nothing to remind of.
    organiser = await signInAgain(t, organiser);
    const paid = await call('POST', `/api/invoices/${invoice.id}/payments`, organiser.token, {
      paid_on: '2026-06-20',
      amount_cents: invoice.gross_cents,
    });
    expect(paid.statusCode).toBe(200);
    t.clock.advance(DAY);
    organiser = await signInAgain(t, organiser);
    expect((await remind(invoice.id)).json().code).toBe('invoice.not-overdue');
  });
});
