// One open draft per sponsorship (migration 0029, decision 039), on both engines: a second one is
// refused with invoice.draft-exists, also when two requests (or a request and the event's bulk
// drafting) arrive at once; after a delete the next draft is made, after an issue only as an
// explicit further invoice while the issued one is unpaid (decision 060).
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceWire } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { migrationsFor } from '../../db/migrations/index.ts';
import { toDbBool } from '../../db/values.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { requester, type TestUser } from '../events/test-support.ts';
import { billingOrganiser, confirmedSponsorship, eventWithPackage } from './test-support.ts';

describe.each(ENGINES)('one open invoice draft per sponsorship on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let event: { eventId: number; packageId: number };
  const call = requester(() => t);
  const draft = (sponsorshipId: number) => call('POST', `/api/sponsorships/${sponsorshipId}/invoices`, organiser.token);
  const invoicesOf = async (sponsorshipId: number) =>
    (await call('GET', `/api/sponsorships/${sponsorshipId}/invoices`, organiser.token)).json<{
      invoices: InvoiceWire[];
    }>().invoices;

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await billingOrganiser(t);
    event = await eventWithPackage(t, organiser);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('refuses a second draft, also when asked twice at once, and drafts again after a delete or an issue', async () => {
    const sponsorship = await confirmedSponsorship(t, organiser, event);
    const [one, two, bulk] = await Promise.all([
      draft(sponsorship.sponsorshipId),
      draft(sponsorship.sponsorshipId),
      call('POST', `/api/event/${event.eventId}/invoice-drafts`, organiser.token),
    ]);
    // Whichever comes first makes the draft; the others are told it exists (the bulk skips it).
    const singles = [one!, two!];
    const made = singles.filter((res) => res.statusCode === 201).length + bulk!.json().created.length;
    expect(made).toBe(1);
    for (const res of singles.filter((r) => r.statusCode !== 201)) {
      expect([res.statusCode, res.json().code]).toEqual([409, 'invoice.draft-exists']);
    }
    expect(bulk!.statusCode).toBe(201);
    const drafts = (await invoicesOf(sponsorship.sponsorshipId)).filter((i) => i.status === 'draft');
    expect(drafts).toHaveLength(1);

    const again = await draft(sponsorship.sponsorshipId);
    expect([again.statusCode, again.json().code]).toEqual([409, 'invoice.draft-exists']);
    expect((await call('DELETE', `/api/invoices/${drafts[0]!.id}`, organiser.token)).statusCode).toBe(204);
    const next = await draft(sponsorship.sponsorshipId);
    expect(next.statusCode).toBe(201);
    const issued = await call('POST', `/api/invoices/${next.json().invoice.id}/issue`, organiser.token);
    expect(issued.statusCode).toBe(200);
    const beside = await draft(sponsorship.sponsorshipId);
    expect([beside.statusCode, beside.json().code]).toEqual([409, 'invoice.open-exists']);
    const further = await call('POST', `/api/sponsorships/${sponsorship.sponsorshipId}/invoices`, organiser.token, {
      further_invoice: true,
    });
    expect(further.statusCode).toBe(201);
  });

  it('migration 0029 keeps the oldest of the drafts made twice before it', async () => {
    const sponsorship = await confirmedSponsorship(t, organiser, event);
    const first = (await draft(sponsorship.sponsorshipId)).json().invoice as InvoiceWire;
    const db = t.database.db;
    const migration = migrationsFor(engine)['0029_one_invoice_draft']!;
    await migration.down!(db as unknown as Kysely<unknown>);
    const { id: _id, ...row } = await db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    // Marked as a further invoice, so that migration 0033's one-open index lets the copy in.
    await db
      .insertInto('invoices')
      .values({ ...row, further_invoice: toDbBool(true) })
      .execute();
    expect((await invoicesOf(sponsorship.sponsorshipId)).filter((i) => i.status === 'draft')).toHaveLength(2);

    await migration.up(db as unknown as Kysely<unknown>);
    expect((await invoicesOf(sponsorship.sponsorshipId)).map((i) => [i.id, i.status])).toEqual([[first.id, 'draft']]);
    await expect(
      db
        .insertInto('invoices')
        .values({ ...row, further_invoice: toDbBool(true) })
        .execute(),
    ).rejects.toThrow();
  });
});
