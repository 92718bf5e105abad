import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageWire, SponsorWallFeed, SponsorWallSettings } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, validEvent, type TestUser } from '../events/test-support.ts';
import { joinedMember } from '../invitations/test-support.ts';
import { logoFile, sponsorWorld, type Guest } from './test-support.ts';

const packageBody = (name: string, price: number) => ({
  name,
  description: '',
  price_cents: price,
  capacity: null,
  benefits: [],
});

describe.each(ENGINES)('sponsor wall on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let sponsorRole: TestUser;
  let eventId: number;
  let gold: Guest;
  let silver: Guest;
  let unconsenting: Guest;
  let unconfirmed: Guest;
  // A built web app to serve, so that the wall's page is answered as a browser asks for it.
  const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-wall-dist-'));
  fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>app</title>');
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const w = sponsorWorld(() => t);
  const feed = (id = eventId, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/public/events/${id}/sponsors`, headers });

  const sponsor = async (name: string, packageId: number, options: { consent: boolean; confirm: boolean }) => {
    const guest = await w.invite(organiser, eventId, { packageIds: [packageId] });
    await w.asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/package`, guest, { package_id: packageId });
    await w.asGuest('PUT', '/api/sponsor-profile', guest, {
      public_name: name,
      description_de: `${name} auf Deutsch`,
      description_en: `${name} in English`,
      website: `https://${name.toLowerCase().replace(/\W/g, '')}.example`,
    });
    await w.uploadLogo(guest, await logoFile('png', 200, 100));
    if (options.consent) {
      await w.asGuest('PUT', `/api/sponsorships/${guest.sponsorshipId}/wall-consent`, guest, { show_on_wall: true });
    }
    if (options.confirm) await w.confirm(organiser, guest);
    return guest;
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine, { deps: { webDistDir } });
    [organiser, stranger, sponsorRole] = await Promise.all([
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'sponsor'),
    ]);
    member = await joinedMember(t, organiser);
    eventId = (await w.call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
    const pkg = async (name: string, price: number) =>
      (
        await w.call('POST', `/api/event/${eventId}/packages`, organiser.token, packageBody(name, price))
      ).json<PackageWire>().id;
    const bronzeId = await pkg('Bronze', 50_000);
    const goldId = await pkg('Gold', 500_000);
    const silverId = await pkg('Silber', 150_000);
    silver = await sponsor('Silber AG', silverId, { consent: true, confirm: true });
    gold = await sponsor('Gold GmbH', goldId, { consent: true, confirm: true });
    unconsenting = await sponsor('Still GmbH', goldId, { consent: false, confirm: true });
    unconfirmed = await sponsor('Offen KG', bronzeId, { consent: true, confirm: false });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  it('answers 404 alike for a wall that is off and an event that does not exist', async () => {
    const off = await feed();
    const unknown = await feed(999_999);
    expect(off.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(off.json().code).toBe('sponsor-wall.not-found');
    expect(off.body).toBe(unknown.body);
  });

  it('lets only organisers of the event switch the wall and see the preview', async () => {
    const preview = await w.call('GET', `/api/event/${eventId}/sponsor-wall`, member.token);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<SponsorWallSettings>().enabled).toBe(false);
    expect(preview.json<SponsorWallSettings>().preview.groups.flatMap((g) => g.sponsors.map((s) => s.name))).toEqual([
      'Gold GmbH',
      'Silber AG',
    ]);
    expect(
      (await w.call('PUT', `/api/event/${eventId}/sponsor-wall`, stranger.token, { enabled: true })).statusCode,
    ).toBe(404);
    expect(
      (await w.call('PUT', `/api/event/${eventId}/sponsor-wall`, sponsorRole.token, { enabled: true })).statusCode,
    ).toBe(403);
    expect((await w.call('PUT', `/api/event/${eventId}/sponsor-wall`, null, { enabled: true })).statusCode).toBe(401);
    expect((await w.asGuest('PUT', `/api/event/${eventId}/sponsor-wall`, gold, { enabled: true })).statusCode).toBe(
      401,
    );
    expect((await feed()).statusCode).toBe(404);
    const on = await w.call('PUT', `/api/event/${eventId}/sponsor-wall`, organiser.token, { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json<SponsorWallSettings>().enabled).toBe(true);
  });

  it('shows confirmed, consenting sponsors by package, dearest first and largest, with nothing private', async () => {
    const res = await feed();
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json<SponsorWallFeed>();
    expect(body).toMatchObject({ event_id: eventId, event_title: 'Stadtlauf' });
    expect(body.groups.map((g) => [g.package_name, g.size, g.sponsors.map((s) => s.name)])).toEqual([
      ['Gold', 'large', ['Gold GmbH']],
      ['Silber', 'medium', ['Silber AG']],
    ]);
    expect(body.groups[0]!.sponsors[0]).toMatchObject({
      website: 'https://goldgmbh.example',
      description_de: 'Gold GmbH auf Deutsch',
      description_en: 'Gold GmbH in English',
      logo: { url: expect.stringMatching(/^\/api\/public\/sponsor-logos\//), width: 200, height: 100 },
    });
    for (const secret of [gold.email, silver.email, unconsenting.email, unconfirmed.email, '500000', 'amount', '@']) {
      expect(res.body.includes(secret), secret).toBe(false);
    }
  });

  it('answers 304 to its ETag and drops the cached feed when a consent, a profile or the switch changes', async () => {
    const first = await feed();
    const etag = first.headers.etag as string;
    expect((await feed(eventId, { 'if-none-match': etag })).statusCode).toBe(304);

    await w.asGuest('PUT', `/api/sponsorships/${unconsenting.sponsorshipId}/wall-consent`, unconsenting, {
      show_on_wall: true,
    });
    const withConsent = await feed(eventId, { 'if-none-match': etag });
    expect(withConsent.statusCode).toBe(200);
    expect(withConsent.json<SponsorWallFeed>().groups[0]!.sponsors.map((s) => s.name)).toEqual([
      'Gold GmbH',
      'Still GmbH',
    ]);

    await w.asGuest('PUT', '/api/sponsor-profile', silver, { public_name: 'Silber AG & Co', website: null });
    expect((await feed()).json<SponsorWallFeed>().groups[1]!.sponsors[0]).toMatchObject({
      name: 'Silber AG & Co',
      website: null,
    });

    const withdrawn = await w.call('POST', `/api/sponsorships/${gold.sponsorshipId}/status`, organiser.token, {
      status: 'declined',
    });
    // A confirmed sponsorship is decided: the organisers cannot decline it any more.
    expect(withdrawn.statusCode).toBe(409);

    // Confirming a consenting sponsor shows them at once (the cached feed is dropped on the status change).
    expect((await feed()).json<SponsorWallFeed>().groups).toHaveLength(2);
    await w.confirm(organiser, unconfirmed);
    expect((await feed()).json<SponsorWallFeed>().groups.map((g) => [g.package_name, g.size])).toEqual([
      ['Gold', 'large'],
      ['Silber', 'medium'],
      ['Bronze', 'small'],
    ]);

    await w.call('PUT', `/api/event/${eventId}/sponsor-wall`, organiser.token, { enabled: false });
    expect((await feed()).statusCode).toBe(404);
  });

  it("goes with its event into the archive, within the cached feed's minute, and comes back with it", async () => {
    const other = (await w.call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Archivlauf' }))).json()
      .id as number;
    await w.call('PUT', `/api/event/${other}/sponsor-wall`, organiser.token, { enabled: true });
    expect((await feed(other)).statusCode).toBe(200);
    expect((await w.call('POST', `/api/event/${other}/archive`, organiser.token)).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await feed(other)).statusCode).toBe(404);
    expect((await w.call('POST', `/api/event/${other}/unarchive`, organiser.token)).statusCode).toBe(200);
    expect((await feed(other)).statusCode).toBe(200);
  });

  it('answers its page and the embed as 404 while the wall is off, like its feed, and 200 while it is on', async () => {
    const other = (await w.call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Seitenlauf' }))).json()
      .id as number;
    const urls = [`/sponsors/${other}`, `/sponsors/${other}/`, `/sponsors/${other}/embed?lang=en`];
    const statuses = async () =>
      Promise.all([feed(other), ...urls.map(page)].map(async (res) => (await res).statusCode));

    expect(await statuses()).toEqual([404, 404, 404, 404]);
    const off = await page(urls[0]!);
    expect(off.headers['content-type']).toContain('text/html');
    expect(off.headers['cache-control']).toBe('no-cache');
    expect(off.body).toContain('<title>app</title>');

    await w.call('PUT', `/api/event/${other}/sponsor-wall`, organiser.token, { enabled: true });
    expect(await statuses()).toEqual([200, 200, 200, 200]);
    await w.call('PUT', `/api/event/${other}/sponsor-wall`, organiser.token, { enabled: false });
    expect(await statuses()).toEqual([404, 404, 404, 404]);

    // An event that does not exist, an id beyond the column's range, and the app's other pages.
    expect((await page('/sponsors/999999')).statusCode).toBe(404);
    expect((await page('/sponsors/99999999999')).statusCode).toBe(404);
    expect((await page('/sponsors/9999999999')).statusCode).toBe(404);
    expect((await page('/about')).statusCode).toBe(200);
    expect((await page(`/edit-event/${other}/wall`)).statusCode).toBe(200);
  });
});
