import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SponsorProfileResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, validEvent, type TestUser } from '../events/test-support.ts';
import { registerWithInvitation } from '../invitations/test-support.ts';
import { hugePngHeader, logoFile, sponsorWorld, svgLogo, type Guest } from './test-support.ts';

const profileBody = {
  public_name: 'Bäckerei Korn',
  description_de: 'Brot aus dem Viertel',
  description_en: 'Bread from the neighbourhood',
  website: 'https://baeckerei-korn.example',
};

describe.each(ENGINES)('sponsor profiles on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let otherOrganiser: TestUser;
  let eventId: number;
  let guest: Guest;
  let otherGuest: Guest;
  const w = sponsorWorld(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, otherOrganiser] = await Promise.all([
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'veranstalter'),
    ]);
    eventId = (await w.call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
    guest = await w.invite(organiser, eventId);
    otherGuest = await w.invite(organiser, eventId);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it("names the sponsor in the organiser's list by its organisation once entered: legal name, then public name (issue 58)", async () => {
    const sponsor = await w.invite(organiser, eventId);
    const listed = async () => {
      const res = await w.call('GET', `/api/event/${eventId}/sponsorships`, organiser.token);
      expect(res.statusCode).toBe(200);
      return res
        .json<Array<{ id: number; sponsor_email: string; sponsor_name: string | null }>>()
        .find((s) => s.id === sponsor.sponsorshipId)!;
    };
    // Read twice: the second answer may come from the read cache, which must see each change.
    expect(await listed()).toMatchObject({ sponsor_email: sponsor.email, sponsor_name: null });
    expect((await listed()).sponsor_name).toBeNull();
    const legal = await w.asGuest('PUT', '/api/sponsor-profile/legal', sponsor, {
      legal_name: 'Korn Backwaren GmbH',
      street: 'Markt',
      house_number: '3',
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
      vat_id: null,
      billing_email: null,
      language: 'de',
    });
    expect(legal.statusCode).toBe(200);
    expect((await listed()).sponsor_name).toBe('Korn Backwaren GmbH');
    expect((await w.asGuest('PUT', '/api/sponsor-profile', sponsor, profileBody)).statusCode).toBe(200);
    expect((await listed()).sponsor_name).toBe('Bäckerei Korn');
    expect((await listed()).sponsor_email).toBe(sponsor.email);
  });

  it('starts empty, saves a profile through the guest link and validates it', async () => {
    const empty = await w.asGuest('GET', '/api/sponsor-profile', guest);
    expect(empty.statusCode).toBe(200);
    expect(empty.json<SponsorProfileResponse>()).toEqual({
      profile: { public_name: '', description_de: '', description_en: '', website: null, logo: null, updated_at: null },
      consents: [
        {
          sponsorship_id: guest.sponsorshipId,
          event_title: 'Stadtlauf',
          organisation_name: expect.any(String),
          status: 'invited',
          show_on_wall: false,
        },
      ],
    });

    const saved = await w.asGuest('PUT', '/api/sponsor-profile', guest, profileBody);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<SponsorProfileResponse>().profile).toMatchObject(profileBody);

    const cleared = await w.asGuest('PUT', '/api/sponsor-profile', guest, { ...profileBody, website: '' });
    expect(cleared.json<SponsorProfileResponse>().profile.website).toBeNull();

    for (const website of [
      'javascript:alert(1)',
      'ftp://x.example',
      'https://user:pw@x.example',
      'nohost',
      'data:text/html,x',
    ]) {
      const res = await w.asGuest('PUT', '/api/sponsor-profile', guest, { ...profileBody, website });
      expect(res.statusCode, website).toBe(400);
    }
    for (const change of [{ public_name: '' }, { public_name: 'x'.repeat(121) }, { description_en: 'x'.repeat(501) }]) {
      const res = await w.asGuest('PUT', '/api/sponsor-profile', guest, { ...profileBody, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('request.validation-failed');
    }
  });

  it('shares the profile between the guest link and the account of the same address', async () => {
    const guestOfAccount = await w.invite(
      otherOrganiser,
      (await w.call('POST', '/api/event/-1', otherOrganiser.token, validEvent({ title: 'Herbstfest' }))).json().id,
    );
    expect(
      (await w.asGuest('PUT', '/api/sponsor-profile', guestOfAccount, { ...profileBody, public_name: 'Konto GmbH' }))
        .statusCode,
    ).toBe(200);
    const account = await registerWithInvitation(t, guestOfAccount.email, guestOfAccount.token);
    const mine = await w.call('GET', '/api/sponsor-profile', account.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<SponsorProfileResponse>().profile.public_name).toBe('Konto GmbH');
    expect(mine.json<SponsorProfileResponse>().consents.map((c) => c.sponsorship_id)).toEqual([
      guestOfAccount.sponsorshipId,
    ]);
  });

  it('re-encodes PNG, JPEG and WebP logos to WebP without their metadata and serves them safely', async () => {
    for (const kind of ['png', 'jpeg', 'webp'] as const) {
      const original = await logoFile(kind, 2000, 500);
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const res = await w.uploadLogo(guest, original, kind === 'jpeg' ? 'image/jpeg' : 'application/octet-stream');
      expect(res.statusCode, kind).toBe(200);
      const logo = res.json<SponsorProfileResponse>().profile.logo!;
      expect(logo).toMatchObject({ width: 1024, height: 256 });
      expect(logo.url).toMatch(/^\/api\/public\/sponsor-logos\/\d+\/[0-9a-f]{32}\.webp$/);

      const served = await t.app.inject({ method: 'GET', url: logo.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1024, height: 256 });
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes('Geheim GmbH')).toBe(false);
    }
  });

  it('keeps one current logo: a replaced one is gone, removing it clears the profile', async () => {
    const first = (await w.uploadLogo(otherGuest, await logoFile('png'))).json<SponsorProfileResponse>().profile.logo!;
    const second = (await w.uploadLogo(otherGuest, await logoFile('jpeg', 200, 200))).json<SponsorProfileResponse>()
      .profile.logo!;
    expect(second.url).not.toBe(first.url);
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(200);
    const removed = await w.asGuest('DELETE', '/api/sponsor-profile/logo', otherGuest);
    expect(removed.json<SponsorProfileResponse>().profile.logo).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(404);
    const guessed = await t.app.inject({ method: 'GET', url: '/api/public/sponsor-logos/1/../../x.webp' });
    expect(guessed.statusCode).toBe(404);
  });

  it('refuses SVG (also renamed), unknown bytes, truncated files, huge canvases and files over 2 MB', async () => {
    const before = (await w.asGuest('GET', '/api/sponsor-profile', guest)).json<SponsorProfileResponse>().profile.logo;
    const refusals: Array<[Buffer, string, number, string]> = [
      [svgLogo, 'image/svg+xml', 415, 'logo.svg-refused'],
      [svgLogo, 'image/png', 415, 'logo.svg-refused'],
      [Buffer.concat([Buffer.from('\uFEFF  '), svgLogo]), 'application/octet-stream', 415, 'logo.svg-refused'],
      [Buffer.from('GIF89a not a logo we take'), 'image/gif', 415, 'logo.unsupported-type'],
      [(await logoFile('png', 300, 300)).subarray(0, 900), 'image/png', 400, 'logo.unreadable'],
      [(await logoFile('jpeg', 300, 300)).subarray(0, 900), 'image/jpeg', 400, 'logo.unreadable'],
      [hugePngHeader(), 'image/png', 400, 'logo.too-many-pixels'],
      [Buffer.alloc(0), 'application/octet-stream', 415, 'logo.unsupported-type'],
    ];
    for (const [bytes, type, status, code] of refusals) {
      const res = await w.uploadLogo(guest, bytes, type);
      expect([res.statusCode, res.json().code], code).toEqual([status, code]);
    }
    const tooLarge = Buffer.concat([await logoFile('png'), Buffer.alloc(2 * 1024 * 1024)]);
    const large = await w.uploadLogo(guest, tooLarge);
    expect(large.statusCode).toBe(413);
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/sponsor-profile/logo',
      headers: { authorization: `${guest.token}:${guest.email}` },
      payload: { logo: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const after = (await w.asGuest('GET', '/api/sponsor-profile', guest)).json<SponsorProfileResponse>().profile.logo;
    expect(after).toEqual(before);
  });

  it('lets only the sponsor consent, and only with a public name', async () => {
    const nameless = await w.invite(organiser, eventId);
    const refused = await w.asGuest('PUT', `/api/sponsorships/${nameless.sponsorshipId}/wall-consent`, nameless, {
      show_on_wall: true,
    });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'sponsor-profile.name-missing']);

    const consent = await w.asGuest('PUT', `/api/sponsorships/${guest.sponsorshipId}/wall-consent`, guest, {
      show_on_wall: true,
    });
    expect(consent.statusCode).toBe(200);
    expect(consent.json<SponsorProfileResponse>().consents[0]!.show_on_wall).toBe(true);

    // Another sponsor's link, the organiser and another organisation cannot set it.
    const other = await w.asGuest('PUT', `/api/sponsorships/${guest.sponsorshipId}/wall-consent`, otherGuest, {
      show_on_wall: false,
    });
    expect(other.statusCode).toBe(404);
    const byOrganiser = await w.call('PUT', `/api/sponsorships/${guest.sponsorshipId}/wall-consent`, organiser.token, {
      show_on_wall: false,
    });
    expect([byOrganiser.statusCode, byOrganiser.json().code]).toEqual([403, 'sponsor-wall.sponsor-consents']);
    const stranger = await w.call(
      'PUT',
      `/api/sponsorships/${guest.sponsorshipId}/wall-consent`,
      otherOrganiser.token,
      {
        show_on_wall: false,
      },
    );
    expect(stranger.statusCode).toBe(404);
    const still = (await w.asGuest('GET', '/api/sponsor-profile', guest)).json<SponsorProfileResponse>();
    expect(still.consents[0]!.show_on_wall).toBe(true);
  });

  it('refuses callers who are not sponsors, and links that are not valid', async () => {
    const notSponsor = await w.call('GET', '/api/sponsor-profile', organiser.token);
    expect([notSponsor.statusCode, notSponsor.json().code]).toEqual([403, 'sponsor-profile.sponsors-only']);
    const forged = await w.asGuest('GET', '/api/sponsor-profile', { ...guest, email: otherGuest.email });
    expect(forged.statusCode).toBe(401);
    expect((await w.call('GET', '/api/sponsor-profile', null)).statusCode).toBe(401);
    // Each link reads its own address's profile: the other guest never sees this one's name.
    const others = (await w.asGuest('GET', '/api/sponsor-profile', otherGuest)).json<SponsorProfileResponse>();
    expect(others.profile.public_name).toBe('');
    expect(others.consents.map((c) => c.sponsorship_id)).toEqual([otherGuest.sponsorshipId]);
  });

  it('exports the profile with the account data and deletes it with its logo when the account goes', async () => {
    const invited = await w.invite(organiser, eventId);
    await w.asGuest('PUT', '/api/sponsor-profile', invited, { ...profileBody, public_name: 'Weg GmbH' });
    const logo = (await w.uploadLogo(invited, await logoFile('png'))).json<SponsorProfileResponse>().profile.logo!;
    await w.asGuest('PUT', `/api/sponsorships/${invited.sponsorshipId}/wall-consent`, invited, { show_on_wall: true });
    const account = await registerWithInvitation(t, invited.email, invited.token);

    const exported = await w.call('GET', '/api/data-export', account.token);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().sponsor_profile).toMatchObject({
      public_name: 'Weg GmbH',
      website: profileBody.website,
      logo_url: logo.url,
      wall_consents: [invited.sponsorshipId],
    });

    expect((await w.call('DELETE', `/api/user-profile/${account.sub}`, account.token)).statusCode).toBe(204);
    const row = await t.database.db
      .selectFrom('sponsor_profiles')
      .select('id')
      .where('email_normalized', '=', invited.email.toLowerCase())
      .executeTakeFirst();
    expect(row).toBeUndefined();
    const consents = await t.database.db
      .selectFrom('sponsor_wall_consents')
      .select('sponsorship_id')
      .where('sponsorship_id', '=', invited.sponsorshipId)
      .execute();
    expect(consents).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: logo.url })).statusCode).toBe(404);
  });
});
