// One view of a sponsor (issue 60 point 6, decision 109): the organisation's sponsors across its
// events, one sponsor's page with history, money, delivery, invoices, payments, contacts and the
// team's notes; nothing of another organisation; a fixed number of queries however many rows.
import fs from 'node:fs';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sponsorKeyOf,
  SPONSOR_NOTE_MAX,
  type SponsorNoteWire,
  type SponsorSummaryWire,
  type SponsorViewWire,
} from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { createAccess } from '../access/index.ts';
import { onboardedUser, requester, type TestUser } from '../events/test-support.ts';
import { billingOrganiser, confirmedSponsorship, eventWithPackage, issuedInvoice } from '../invoices/test-support.ts';
import { createSponsorViewRepository } from './repository.ts';
import { createSponsorViewService } from './service.ts';

const counter = () => {
  const plugin = {
    count: 0,
    transformQuery(args) {
      plugin.count += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  } satisfies KyselyPlugin & { count: number };
  return plugin;
};

describe.each(ENGINES)('sponsor view on %s', (engine) => {
  let t: IdentityTestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let sponsorUser: TestUser;
  const call = requester(() => t);
  const regular = uniqueEmail('stammsponsor');
  const once = uniqueEmail('einmal');
  let events: Array<{ eventId: number; packageId: number }>;
  let invoiceNumber: string | null;

  const view = async (who: TestUser, address: string) =>
    call('GET', `/api/sponsors/${sponsorKeyOf(address)}`, who.token);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [owner, stranger] = await Promise.all([billingOrganiser(t), billingOrganiser(t)]);
    sponsorUser = await onboardedUser(t, 'sponsor');
    events = [await eventWithPackage(t, owner, 'Stadtlauf 2025'), await eventWithPackage(t, owner, 'Stadtlauf 2026')];
    // The regular sponsor in both editions, written with capitals the second time (one address).
    const first = await confirmedSponsorship(t, owner, events[0]!, undefined, regular);
    await confirmedSponsorship(t, owner, events[1]!, undefined, regular.toUpperCase());
    const invoice = await issuedInvoice(t, owner, first);
    invoiceNumber = invoice.number;
    const paid = await call('POST', `/api/invoices/${invoice.id}/payments`, owner.token, {
      paid_on: '2026-01-15',
      amount_cents: 50_000,
    });
    expect(paid.statusCode).toBe(200);
    await call('POST', '/api/sponsor-invitation', owner.token, {
      email: once,
      event_id: events[1]!.eventId,
      package_ids: [events[1]!.packageId],
    });
    // Another organisation sponsored by the same address.
    const theirs = await eventWithPackage(t, stranger, 'Fremdes Fest');
    await confirmedSponsorship(t, stranger, theirs, undefined, regular);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it("lists the organisation's sponsors once per address, with the figures over all its events", async () => {
    const res = await call('GET', '/api/sponsors', owner.token);
    expect(res.statusCode).toBe(200);
    const rows = res.json<SponsorSummaryWire[]>();
    expect(rows.map((r) => r.email.toLowerCase()).sort()).toEqual([once, regular].sort());
    const row = rows.find((r) => r.email.toLowerCase() === regular)!;
    expect(row).toMatchObject({
      key: sponsorKeyOf(regular),
      name: 'Müller Getränke GmbH',
      events: 2,
      committed_cents: 200_000,
      in_negotiation_cents: 0,
      latest_status: 'confirmed',
    });
    expect(rows.find((r) => r.email === once)).toMatchObject({
      events: 1,
      committed_cents: 0,
      latest_status: 'invited',
    });

    const theirs = (await call('GET', '/api/sponsors', stranger.token)).json<SponsorSummaryWire[]>();
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ events: 1, latest_event_title: 'Fremdes Fest', committed_cents: 100_000 });
  });

  it("shows one sponsor's history, delivery, invoices, payments and contacts of this organisation only", async () => {
    const res = await view(owner, regular);
    expect(res.statusCode).toBe(200);
    const page = res.json<SponsorViewWire>();
    expect(page.history.map((h) => [h.event_title, h.status, h.package_name, h.amount_cents])).toEqual([
      ['Stadtlauf 2026', 'confirmed', 'Gold', 100_000],
      ['Stadtlauf 2025', 'confirmed', 'Gold', 100_000],
    ]);
    expect(page.history[0]!.deliverables).toEqual({ total: 2, done: 0, waived: 0, late: 0 });
    expect(page.invoices).toHaveLength(1);
    expect(page.invoices[0]).toMatchObject({ number: invoiceNumber, status: 'issued', event_title: 'Stadtlauf 2025' });
    expect(page.payments).toEqual([
      {
        invoice_id: page.invoices[0]!.id,
        invoice_number: invoiceNumber,
        paid_on: '2026-01-15',
        amount_cents: 50_000,
        kind: 'payment',
      },
    ]);
    expect(page.totals).toEqual({
      committed_cents: 200_000,
      in_negotiation_cents: 0,
      invoiced_cents: page.invoices[0]!.gross_cents,
      paid_cents: 50_000,
    });
    expect(page.contacts).toMatchObject({ legal_name: 'Müller Getränke GmbH', city: 'Köln', has_account: false });

    const theirs = (await view(stranger, regular)).json<SponsorViewWire>();
    expect(theirs.history.map((h) => h.event_title)).toEqual(['Fremdes Fest']);
    expect(theirs.invoices).toEqual([]);
  });

  it('keeps notes to the organisation: listed newest first with author and time, refused for strangers', async () => {
    const key = sponsorKeyOf(regular);
    const first = await call('POST', `/api/sponsors/${key}/notes`, owner.token, { text: 'Will 2027 wieder Gold.' });
    expect(first.statusCode).toBe(201);
    t.clock.advance(60_000);
    const second = await call('POST', `/api/sponsors/${key}/notes`, owner.token, { text: '  Rückruf im März  ' });
    expect(second.json<SponsorNoteWire>()).toMatchObject({ text: 'Rückruf im März', author_email: owner.email });

    const notes = (await view(owner, regular)).json<SponsorViewWire>().notes;
    expect(notes.map((n) => n.text)).toEqual(['Rückruf im März', 'Will 2027 wieder Gold.']);
    expect(Date.parse(notes[0]!.created_at)).toBeGreaterThan(Date.parse(notes[1]!.created_at));

    // The author's data export holds the notes they wrote.
    const exported = (await call('GET', '/api/data-export', owner.token)).json<{ sponsor_notes: unknown[] }>();
    expect(exported.sponsor_notes).toEqual([
      expect.objectContaining({ sponsor_email: regular, text: 'Will 2027 wieder Gold.' }),
      expect.objectContaining({ sponsor_email: regular, text: 'Rückruf im März' }),
    ]);

    // The other organisation of the same sponsor sees none of them, and cannot write on a stranger.
    expect((await view(stranger, regular)).json<SponsorViewWire>().notes).toEqual([]);
    const stranger404 = await call('POST', `/api/sponsors/${sponsorKeyOf(once)}/notes`, stranger.token, { text: 'x' });
    expect(stranger404.statusCode).toBe(404);
    expect((await view(stranger, once)).statusCode).toBe(404);
    // Sponsors and anonymous callers are no organisers.
    expect((await view(sponsorUser, regular)).statusCode).toBe(403);
    expect((await call('GET', '/api/sponsors', null)).statusCode).toBe(401);
  });

  it('refuses bad input without storing anything', async () => {
    const key = sponsorKeyOf(regular);
    for (const text of ['', '   ', 'x'.repeat(SPONSOR_NOTE_MAX + 1)]) {
      expect((await call('POST', `/api/sponsors/${key}/notes`, owner.token, { text })).statusCode).toBe(400);
    }
    expect((await call('GET', '/api/sponsors/not%20a%20key', owner.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/sponsors/_w', owner.token)).statusCode).toBe(404);
    expect((await view(owner, regular)).json<SponsorViewWire>().notes).toHaveLength(2);
  });

  it('asks the same number of queries for 2 sponsorships as for 6, and for 2 sponsors as for 6', async () => {
    const measure = async () => {
      const plugin = counter();
      const db = t.database.db.withPlugin(plugin);
      const service = createSponsorViewService({
        repo: createSponsorViewRepository(db),
        access: createAccess(db).events,
        clock: t.clock,
      });
      const list = await service.list(owner);
      const listQueries = plugin.count;
      const page = await service.view(owner, sponsorKeyOf(regular));
      return {
        listQueries,
        viewQueries: plugin.count - listQueries,
        sponsors: list.length,
        events: page.history.length,
      };
    };
    const before = await measure();
    for (let i = 0; i < 4; i += 1) {
      const event = await eventWithPackage(t, owner, `Edition ${i}`);
      await confirmedSponsorship(t, owner, event, undefined, regular);
      await call('POST', '/api/sponsor-invitation', owner.token, {
        email: uniqueEmail('neu'),
        event_id: event.eventId,
        package_ids: [event.packageId],
      });
    }
    const after = await measure();
    expect(after.events).toBe(before.events + 4);
    expect(after.sponsors).toBe(before.sponsors + 4);
    expect(after.listQueries).toBe(before.listQueries);
    expect(after.viewQueries).toBe(before.viewQueries);
    expect(before.listQueries).toBeLessThanOrEqual(5);
    expect(before.viewQueries).toBeLessThanOrEqual(8);
  });
});
