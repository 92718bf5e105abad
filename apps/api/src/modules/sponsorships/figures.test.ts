// Every figure has one definition (issue 55, docs/glossary.md): one event with sponsorships in every
// state, and the event list, the event page, the organisation's sponsoring numbers, the invoice
// numbers and both CSV exports must tell the same committed, in-negotiation, sponsor, open and paid
// figures. Before, the numbers called "committed" what was still open, so one screen said 6.000 €
// and the next 12.500 €.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventWire, InvoiceNumbersWire, InvoiceWire, SponsoringNumbersWire } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { expectIndexed, planFixture, type PlanFixture } from '../../../test/query-plans.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { requester, type TestUser } from '../events/test-support.ts';
import { billingOrganiser, BUYER } from '../invoices/test-support.ts';
import { createSponsorshipFigures } from './figures.ts';
import { confirmSponsorship, guestHeaders, uploadSignedAgreement, type Guest } from './test-support.ts';

/** A CSV of lib/csv.ts as objects by header (fields are quoted, none of these holds a semicolon). */
function csvRows(body: string): Record<string, string>[] {
  const [header, ...lines] = body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const cells = (line: string) => line.split(';').map((cell) => cell.replace(/^"|"$/g, ''));
  const names = cells(header!);
  return lines.map((line) => Object.fromEntries(cells(line).map((cell, i) => [names[i]!, cell])));
}
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

describe.each(ENGINES)('one definition per figure on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let eventId: number;
  let goldGross = 0;
  const call = requester(() => t);

  const invite = async (body: object): Promise<Guest> => {
    const email = uniqueEmail('sponsor');
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, { email, event_id: eventId, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return { token: new URL(res.json().url).searchParams.get('token')!, email, sponsorshipId: res.json().sponsorId };
  };
  const asGuest = async (guest: Guest, method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers: guestHeaders(guest), payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  };
  const issuedInvoice = async (guest: Guest): Promise<InvoiceWire> => {
    const draft = await call('POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`, organiser.token, {});
    expect(draft.statusCode, draft.body).toBe(201);
    const issued = await call('POST', `/api/invoices/${draft.json().invoice.id}/issue`, organiser.token, {});
    expect(issued.statusCode, issued.body).toBe(200);
    return issued.json().invoice;
  };
  const choose = (guest: Guest, packageId: number) =>
    asGuest(guest, 'POST', `/api/sponsorships/${guest.sponsorshipId}/package`, { package_id: packageId });

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await billingOrganiser(t);
    eventId = (
      await call('POST', '/api/event/-1', organiser.token, {
        title: 'Stadtfest der Zahlen',
        event_date: '2026-09-12',
        location: 'Marktplatz',
        description: 'Ein Event mit Sponsorings in jedem Stand.',
      })
    ).json().id;
    const pkg = async (name: string, price: number) => {
      const res = await call('POST', `/api/event/${eventId}/packages`, organiser.token, {
        name,
        description: '',
        price_cents: price,
        capacity: null,
        benefits: [],
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as number;
    };
    const gold = await pkg('Gold', 500_000);
    const silver = await pkg('Silber', 100_000);

    // Invited with an amount offered, no package: in negotiation.
    await invite({ amount_cents: 50_000 });
    // Invited with Gold offered, nothing chosen yet: open, no amount.
    await invite({ package_ids: [gold] });
    // Silver chosen by the link: in negotiation.
    await choose(await invite({ package_ids: [silver] }), silver);
    // Gold chosen, the agreement downloaded (as the download route's event sets it): in negotiation.
    const downloaded = await invite({ package_ids: [gold] });
    await choose(downloaded, gold);
    await t.database.db
      .updateTable('sponsorships')
      .set({ status: 'downloaded' })
      .where('id', '=', downloaded.sponsorshipId)
      .execute();
    // Gold chosen and signed, not yet confirmed: still in negotiation, not committed.
    const signed = await invite({ package_ids: [gold] });
    await choose(signed, gold);
    await uploadSignedAgreement(t, signed);
    // Two confirmed (committed): Gold invoiced and paid in full, Silver invoiced and partly paid.
    const confirmed = async (packageId: number) => {
      const guest = await invite({ package_ids: [packageId] });
      await choose(guest, packageId);
      await asGuest(guest, 'PUT', '/api/sponsor-profile/legal', BUYER);
      await confirmSponsorship(t, guest, organiser.token);
      return issuedInvoice(guest);
    };
    const paid = await confirmed(gold);
    const refunded = await confirmed(silver);
    const money = async (invoiceId: number, kind: 'payments' | 'refunds', cents: number) => {
      const res = await call('POST', `/api/invoices/${invoiceId}/${kind}`, organiser.token, {
        paid_on: '2026-09-01',
        amount_cents: cents,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Gold paid in full; Silver 300 € paid and 100 € of it paid back: paid is 200 € net.
    await money(paid.id, 'payments', paid.gross_cents);
    await money(refunded.id, 'payments', 30_000);
    await money(refunded.id, 'refunds', 10_000);
    goldGross = paid.gross_cents;
    // Declined by the organiser, withdrawn by the sponsor, each after choosing: counted nowhere.
    const declined = await invite({ package_ids: [silver] });
    await choose(declined, silver);
    const decline = await call('POST', `/api/sponsorships/${declined.sponsorshipId}/status`, organiser.token, {
      status: 'declined',
    });
    expect(decline.statusCode).toBe(200);
    const withdrawn = await invite({ package_ids: [gold] });
    await choose(withdrawn, gold);
    await asGuest(withdrawn, 'POST', `/api/sponsorships/${withdrawn.sponsorshipId}/status`, { status: 'withdrawn' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  // Confirmed: Gold 5.000 € + Silver 1.000 €. Open: the offer (500 €), Gold offered (no amount),
  // Silver chosen (1.000 €), Gold downloaded and Gold signed (5.000 € each).
  const EXPECTED = {
    sponsor_amount: 2,
    committed_cents: 600_000,
    in_negotiation_cents: 1_150_000,
    open_sponsorships: 5,
  };

  it('the event list and the event page tell the same figures', async () => {
    const list = await call('GET', `/api/events/${organiser.organisationId}`, organiser.token);
    expect(list.statusCode).toBe(200);
    const listed = list.json<EventWire[]>().find((e) => e.id === eventId)!;
    expect(listed).toMatchObject(EXPECTED);
    const page = await call('GET', `/api/event/${eventId}`, organiser.token);
    expect(page.json<EventWire>()).toMatchObject(EXPECTED);
  });

  it("the organisation's sponsoring numbers (dashboard and event list) tell the same sums", async () => {
    const res = await call('GET', `/api/organisation/${organiser.organisationId}/sponsoring-numbers`, organiser.token);
    expect(res.statusCode).toBe(200);
    const numbers = res.json<SponsoringNumbersWire>();
    const event = numbers.events.find((e) => e.event_id === eventId)!;
    expect(event).toMatchObject({
      committed_cents: EXPECTED.committed_cents,
      in_negotiation_cents: EXPECTED.in_negotiation_cents,
    });
    expect(numbers.totals).toMatchObject({
      committed_cents: EXPECTED.committed_cents,
      in_negotiation_cents: EXPECTED.in_negotiation_cents,
    });
    // Per package, of the sponsorships that chose it; the offer without a package is in no package.
    expect(event.packages.map((p) => [p.name, p.sold, p.committed_cents, p.in_negotiation_cents])).toEqual([
      ['Gold', 3, 500_000, 1_000_000],
      ['Silber', 2, 100_000, 100_000],
    ]);
    expect(numbers.totals.sold).toBe(5);
  });

  it("the sponsors' CSV gives the same figures by its figure column", async () => {
    const res = await call('GET', `/api/event/${eventId}/sponsorships.csv`, organiser.token);
    expect(res.statusCode).toBe(200);
    const rows = csvRows(res.body);
    expect(rows).toHaveLength(9);
    const of = (figure: string) => rows.filter((r) => r.figure === figure);
    const sum = (list: Record<string, string>[]) => list.reduce((total, r) => total + cents(r.amount || '0'), 0);
    expect({
      sponsor_amount: of('committed').length,
      committed_cents: sum(of('committed')),
      in_negotiation_cents: sum(of('in_negotiation')),
      open_sponsorships: of('in_negotiation').length,
    }).toEqual(EXPECTED);
    expect(of('').map((r) => r.status)).toEqual(['declined', 'withdrawn']);
  });

  it('paid is the same in the invoice numbers, per event and in total, and in the invoices CSV', async () => {
    const res = await call('GET', `/api/organisation/${organiser.organisationId}/invoice-numbers`, organiser.token);
    expect(res.statusCode).toBe(200);
    const numbers = res.json<InvoiceNumbersWire>();
    const event = numbers.events.find((e) => e.event_id === eventId)!;
    const csv = await call('GET', `/api/organisation/${organiser.organisationId}/invoices.csv`, organiser.token);
    expect(csv.statusCode).toBe(200);
    const rows = csvRows(csv.body);
    const paid = rows.reduce((total, r) => total + cents(r.paid!), 0);
    const outstanding = rows.reduce((total, r) => total + cents(r.outstanding!), 0);
    expect(rows).toHaveLength(2);
    // Money received net of the refund (decision 060), the same in the numbers and in the CSV.
    expect(paid).toBe(goldGross + 20_000);
    expect(event).toMatchObject({ paid_cents: paid, outstanding_cents: outstanding, count: 2 });
    expect(numbers.totals).toMatchObject({ paid_cents: paid, outstanding_cents: outstanding });
  });
});

describe.each(ENGINES)('query plan of the figures per event on %s', (engine) => {
  let f: PlanFixture;
  beforeAll(async () => {
    f = await planFixture(engine);
  }, 120_000);
  afterAll(() => f.database.dispose());

  it('reads the sponsorships of the listed events by index', async () => {
    const queries = await f.recorded(() => createSponsorshipFigures(f.db).ofEvents([f.eventId]));
    expect(queries).toHaveLength(1);
    await expectIndexed(f.database, queries[0]!);
  });
});
