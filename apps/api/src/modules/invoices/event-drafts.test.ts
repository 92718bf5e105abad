// POST /event/{id}/invoice-drafts on both engines: a draft for each confirmed sponsorship not invoiced
// yet (a cancelled invoice counts as not invoiced), the others skipped with their reason, nothing
// twice, and only for the event's organisers.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDraftsResponse, InvoiceWire } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { requester, type TestUser } from '../events/test-support.ts';
import { billingOrganiser, confirmedSponsorship, eventWithPackage, issuedInvoice } from './test-support.ts';

describe.each(ENGINES)("drafts for an event's confirmed sponsorships on %s", (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  const call = requester(() => t);
  const draftAll = (eventId: number, user = organiser) =>
    call('POST', `/api/event/${eventId}/invoice-drafts`, user.token);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, stranger] = await Promise.all([billingOrganiser(t), billingOrganiser(t)]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('drafts each confirmed sponsorship not invoiced yet, once, and says which it skipped and why', async () => {
    const event = await eventWithPackage(t, organiser);
    const ready = await confirmedSponsorship(t, organiser, event);
    const noDetails = await confirmedSponsorship(t, organiser, event, null);
    const invoiced = await confirmedSponsorship(t, organiser, event);
    await issuedInvoice(t, organiser, invoiced);
    const cancelled = await confirmedSponsorship(t, organiser, event);
    const wrong = await issuedInvoice(t, organiser, cancelled);
    expect((await call('POST', `/api/invoices/${wrong.id}/cancel`, organiser.token)).statusCode).toBe(201);
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email: uniqueEmail('invited'),
      event_id: event.eventId,
    });
    expect(invited.statusCode).toBe(201);

    const res = await draftAll(event.eventId);
    expect(res.statusCode).toBe(201);
    const answer = res.json<EventDraftsResponse>();
    expect(answer.created.map((c) => c.sponsorship_id)).toEqual([ready.sponsorshipId, cancelled.sponsorshipId]);
    expect(answer.skipped).toEqual([
      {
        sponsorship_id: noDetails.sponsorshipId,
        sponsor_email: noDetails.email,
        code: 'invoice.buyer-details-missing',
      },
    ]);
    for (const { invoice_id, sponsorship_id } of answer.created) {
      const invoice = (await call('GET', `/api/invoices/${invoice_id}`, organiser.token)).json<{
        invoice: InvoiceWire;
      }>().invoice;
      expect(invoice).toMatchObject({ status: 'draft', number: null, sponsorship_id, gross_cents: 119_000 });
    }

    // Again: the drafts count as invoiced; only the sponsor still without details is skipped.
    const again = (await draftAll(event.eventId)).json<EventDraftsResponse>();
    expect(again.created).toEqual([]);
    expect(again.skipped.map((s) => s.sponsorship_id)).toEqual([noDetails.sponsorshipId]);
  });

  it("says once that the billing settings are missing, and hides other organisations' events", async () => {
    const unset = await billingOrganiser(t, null);
    const event = await eventWithPackage(t, unset);
    // Nothing to draft: nothing to refuse.
    expect((await draftAll(event.eventId, unset)).json()).toEqual({ created: [], skipped: [] });
    await confirmedSponsorship(t, unset, event);
    const refused = await draftAll(event.eventId, unset);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('invoice.billing-settings-missing');

    expect((await draftAll(event.eventId, stranger)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/event/${event.eventId}/invoice-drafts` })).statusCode).toBe(
      401,
    );
  });
});
