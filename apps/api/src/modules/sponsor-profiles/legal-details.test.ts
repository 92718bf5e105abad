import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SponsorLegalDetailsResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, validEvent, type TestUser } from '../events/test-support.ts';
import { registerWithInvitation } from '../invitations/test-support.ts';
import { createLegalDetailsRepository } from './legal-details.ts';
import { sponsorWorld, type Guest } from './test-support.ts';

const details = {
  legal_name: 'Brauerei Müller & Söhne GmbH',
  street: 'Große Straße',
  house_number: '12a',
  postal_code: '80331',
  city: 'München',
  country: 'de',
  vat_id: 'de 123.456.789',
  billing_email: 'rechnung@brauerei-mueller.example',
  language: 'de',
};

describe.each(ENGINES)('sponsor legal details on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let eventId: number;
  let guest: Guest;
  const w = sponsorWorld(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await onboardedUser(t, 'veranstalter');
    eventId = (await w.call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtfest' }))).json().id;
    guest = await w.invite(organiser, eventId);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('starts empty, is saved through the invitation link, normalised, and read as agreements and invoices read it', async () => {
    const empty = await w.asGuest('GET', '/api/sponsor-profile/legal', guest);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ legal_details: null });

    const saved = await w.asGuest('PUT', '/api/sponsor-profile/legal', guest, details);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<SponsorLegalDetailsResponse>().legal_details).toEqual({
      ...details,
      country: 'DE',
      vat_id: 'DE123456789',
      updated_at: expect.any(String),
    });
    // What agreements and invoices read (the module API's legalDetails).
    const api = createLegalDetailsRepository(t.database.db).find;
    expect(await api(guest.email.toLowerCase())).toMatchObject({
      legalName: details.legal_name,
      city: 'München',
      country: 'DE',
      vatId: 'DE123456789',
      billingEmail: details.billing_email,
      language: 'de',
    });

    // Saving again replaces every field; optional ones may be cleared.
    const again = await w.asGuest('PUT', '/api/sponsor-profile/legal', guest, {
      ...details,
      vat_id: '',
      billing_email: null,
      language: 'en',
    });
    expect(again.json<SponsorLegalDetailsResponse>().legal_details).toMatchObject({
      vat_id: null,
      billing_email: null,
      language: 'en',
    });
  });

  it.each([
    ['a Swiss UID with its VAT suffix', 'CHE-123.456.789 MWST', 'CH', 'CHE123456789MWST', '8001'],
    ['a UK VAT number', 'GB 123 4567 89', 'GB', 'GB123456789', 'SW1A 1AA'],
    ['a Norwegian one', 'NO 123 456 789 MVA', 'NO', 'NO123456789MVA', '0150'],
  ])('takes %s, as printed, for a sponsor outside the EU', async (_name, printed, country, stored, postalCode) => {
    const res = await w.asGuest('PUT', '/api/sponsor-profile/legal', guest, {
      ...details,
      country,
      postal_code: postalCode,
      vat_id: printed,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SponsorLegalDetailsResponse>().legal_details).toMatchObject({ country, vat_id: stored });
    const read = await w.asGuest('GET', '/api/sponsor-profile/legal', guest);
    expect(read.json<SponsorLegalDetailsResponse>().legal_details?.vat_id).toBe(stored);
  });

  it.each([
    ['an unknown country', { country: 'XX' }],
    ['a VAT id outside the EU format', { vat_id: 'US123' }],
    ['a Swiss UID without its VAT suffix digits', { vat_id: 'CHE-123.456.78 MWST' }],
    ['a billing address that is not an e-mail', { billing_email: 'rechnung at firma' }],
    ['an empty legal name', { legal_name: '  ' }],
    ['a postal code that is too long', { postal_code: '1'.repeat(21) }],
    ['a German postal code of four digits', { postal_code: '1234' }],
    ['another document language', { language: 'fr' }],
  ])('refuses %s with the field named', async (_name, change) => {
    const res = await w.asGuest('PUT', '/api/sponsor-profile/legal', guest, { ...details, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.validation-failed');
    expect(Object.keys(res.json().fields ?? {})).toEqual([Object.keys(change)[0]]);
  });

  it('belongs to the address: the account sees what the link saved, others see nothing of it', async () => {
    const invited = await w.invite(organiser, eventId);
    await w.asGuest('PUT', '/api/sponsor-profile/legal', invited, { ...details, legal_name: 'Konto AG' });
    const account = await registerWithInvitation(t, invited.email, invited.token);
    const mine = await w.call('GET', '/api/sponsor-profile/legal', account.token);
    expect(mine.json<SponsorLegalDetailsResponse>().legal_details?.legal_name).toBe('Konto AG');

    const stranger = await w.invite(organiser, eventId);
    expect((await w.asGuest('GET', '/api/sponsor-profile/legal', stranger)).json()).toEqual({ legal_details: null });
    // An organiser is not a sponsor; a forged link is not a guest.
    const asOrganiser = await w.call('GET', '/api/sponsor-profile/legal', organiser.token);
    expect(asOrganiser.statusCode).toBe(403);
    expect(asOrganiser.json().code).toBe('sponsor-profile.sponsors-only');
    const forged = await w.asGuest(
      'PUT',
      '/api/sponsor-profile/legal',
      { ...stranger, token: 'x'.repeat(43) },
      details,
    );
    expect(forged.statusCode).toBe(401);
  });

  it('is in the data export and goes with the account', async () => {
    const invited = await w.invite(organiser, eventId);
    await w.asGuest('PUT', '/api/sponsor-profile/legal', invited, { ...details, legal_name: 'Export KG' });
    const account = await registerWithInvitation(t, invited.email, invited.token);
    const exported = await w.call('GET', '/api/data-export', account.token);
    expect(exported.json().sponsor_profile).toMatchObject({ legal_details: { legal_name: 'Export KG' } });

    expect((await w.call('DELETE', `/api/user-profile/${account.sub}`, account.token)).statusCode).toBe(204);
    const api = createLegalDetailsRepository(t.database.db).find;
    expect(await api(invited.email.toLowerCase())).toBeNull();
  });
});
