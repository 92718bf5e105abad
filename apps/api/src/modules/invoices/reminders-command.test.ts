// The operator command that sends the payment reminders due as of a day (`npm run admin -- invoices
// send-reminders [--at YYYY-MM-DD] [--organisation ID]`), on both engines: nothing before the due date,
// stage 1 the day after it into the outbox, not twice for the same day, only the named organisation's
// invoices with --organisation, and a malformed day or id refused.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { runAdmin } from '../../admin.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { listOutbox } from '../../ports/mail/outbox.ts';
import { billingOrganiser, confirmedSponsorship, eventWithPackage, issuedInvoice } from './test-support.ts';

describe.each(ENGINES)('invoices send-reminders command on %s', (engine) => {
  let t: IdentityTestApp;

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    t.clock.advance(Date.parse('2026-06-01T08:00:00Z') - t.clock().getTime());
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  const admin = async (...args: string[]) => {
    const lines: string[] = [];
    await runAdmin(['invoices', 'send-reminders', ...args], (line) => lines.push(line), {
      env: { NODE_ENV: 'test', DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent' },
      database: t.database,
      now: t.clock(),
    });
    return lines;
  };

  it('sends the reminders due as of the given day, once', async () => {
    const organiser = await billingOrganiser(t);
    const guest = await confirmedSponsorship(t, organiser, await eventWithPackage(t, organiser));
    const invoice = await issuedInvoice(t, organiser, guest);
    expect(invoice.due_date).toBe('2026-06-15');
    const reminders = async () =>
      (await listOutbox(t.database.db, 500)).filter(
        (m) => m.to === guest.email && m.subject.startsWith('Zahlungserinnerung'),
      );

    expect(await admin()).toEqual(['0 payment reminder(s) sent.']);
    expect(await admin('--at', '2026-06-15')).toEqual(['0 payment reminder(s) sent.']);
    expect(await admin('--at', '2026-06-16')).toEqual(['1 payment reminder(s) sent.']);
    expect(await admin('--at', '2026-06-16')).toEqual(['0 payment reminder(s) sent.']);
    const sent = await reminders();
    expect(sent.map((m) => m.subject)).toEqual([
      expect.stringContaining(`Zahlungserinnerung 1: Rechnung ${invoice.number}`),
    ]);
  });

  it("with --organisation reminds only that organisation's invoices", async () => {
    const mine = await billingOrganiser(t);
    const other = await billingOrganiser(t);
    const myGuest = await confirmedSponsorship(t, mine, await eventWithPackage(t, mine));
    const otherGuest = await confirmedSponsorship(t, other, await eventWithPackage(t, other));
    await issuedInvoice(t, mine, myGuest);
    await issuedInvoice(t, other, otherGuest);
    const remindedTo = async () =>
      (await listOutbox(t.database.db, 500))
        .filter((m) => m.subject.startsWith('Zahlungserinnerung'))
        .map((m) => m.to)
        .filter((to) => to === myGuest.email || to === otherGuest.email);

    expect(await admin('--at', '2026-06-16', '--organisation', String(mine.organisationId))).toEqual([
      '1 payment reminder(s) sent.',
    ]);
    expect(await remindedTo()).toEqual([myGuest.email]);
    expect(await admin('--at', '2026-06-16')).toEqual(['1 payment reminder(s) sent.']);
    expect((await remindedTo()).sort()).toEqual([myGuest.email, otherGuest.email].sort());
  });

  it('refuses a day that is not YYYY-MM-DD, and an organisation that is not an id', async () => {
    await expect(admin('--at', '16.06.2026')).rejects.toThrow(/--at expects a date/);
    await expect(admin('--at', '2026-02-30')).rejects.toThrow(/--at expects a date/);
    await expect(admin('--organisation', 'acme')).rejects.toThrow(/--organisation expects/);
    await expect(admin('--organisation', '0')).rejects.toThrow(/--organisation expects/);
  });
});
