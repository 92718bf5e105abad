// An invoice's language (decision 074), on both engines: a new draft speaks the language the sponsor
// told, the organiser changes it on the draft only, and the issued PDF is in it.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceWire } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { pdfTextOf } from '../../lib/script-samples.ts';
import { requester, type TestUser } from '../events/test-support.ts';
import { guestHeaders } from '../sponsorships/test-support.ts';
import { billingOrganiser, confirmedSponsorship, eventWithPackage } from './test-support.ts';

describe.each(ENGINES)('invoice languages on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  const call = requester(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    t.clock.advance(Date.parse('2026-06-01T08:00:00Z') - t.clock().getTime());
    [organiser, stranger] = await Promise.all([billingOrganiser(t), billingOrganiser(t)]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('makes the draft in the language the sponsor told; the organiser changes it until it is issued', async () => {
    const event = await eventWithPackage(t, organiser);
    // Legal details in German, the app in English: the app's language wins.
    const guest = await confirmedSponsorship(t, organiser, event);
    const told = await t.app.inject({
      method: 'PUT',
      url: `/api/sponsorships/${guest.sponsorshipId}/sponsor-language`,
      headers: guestHeaders(guest),
      payload: { language: 'en' },
    });
    expect(told.statusCode).toBe(200);
    const draft = (await call('POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`, organiser.token)).json()
      .invoice as InvoiceWire;
    expect(draft.language).toBe('en');

    const patch = (body: object, token = organiser.token) => call('PATCH', `/api/invoices/${draft.id}`, token, body);
    expect((await patch({ language: 'fr' })).statusCode).toBe(400);
    expect((await patch({ language: 'de' }, stranger.token)).statusCode).toBe(404);
    expect((await patch({ language: 'de' })).json().invoice.language).toBe('de');
    // Another change of the draft keeps the chosen language.
    expect((await patch({ note: 'Danke' })).json().invoice).toMatchObject({ language: 'de', note: 'Danke' });
    expect((await patch({ language: 'en' })).json().invoice.language).toBe('en');

    const issued = await call('POST', `/api/invoices/${draft.id}/issue`, organiser.token);
    expect(issued.json().invoice.language).toBe('en');
    const refused = await patch({ language: 'de' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'invoice.not-draft']);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${draft.id}/invoice.pdf`,
      headers: guestHeaders(guest),
    });
    const text = pdfTextOf(pdf.rawPayload).text;
    expect(text).toContain('Invoice number');
    expect(text).not.toContain('Rechnungsnummer');
  });
});
