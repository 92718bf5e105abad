// The wall's anonymous figures (decision 102), on both engines: views and clicks counted per entry,
// day and placement in batches; robots, ids not on the wall and addresses over their limit not
// counted; no cookie; the organisers see every sponsor, each sponsor only their own sponsorship.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventWallStats, SponsorWallFeed, SponsorshipWallStats } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, validEvent, type TestUser } from '../events/test-support.ts';
import { logoFile, sponsorWorld, type Guest } from '../sponsor-profiles/test-support.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
let address = 0;
/** A visitor of their own: the limit counts per address. */
const visitor = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

describe.each(ENGINES)('wall figures on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let eventId: number;
  let gold: Guest;
  let silver: Guest;
  let hidden: Guest;
  const w = sponsorWorld(() => t);

  const view = (
    sponsors: number[],
    options: { placement?: string; agent?: string; from?: string; event?: number } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/events/${options.event ?? eventId}/wall-views`,
      remoteAddress: options.from ?? visitor(),
      headers: { 'user-agent': options.agent ?? BROWSER },
      payload: { placement: options.placement ?? 'page', sponsors },
    });
  const click = (sponsorshipId: number, placement = 'page', agent = BROWSER) =>
    t.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/wall-click/${sponsorshipId}?placement=${placement}`,
      remoteAddress: visitor(),
      headers: { 'user-agent': agent },
    });
  const eventStats = async (token = organiser.token) =>
    w.call('GET', `/api/event/${eventId}/sponsor-wall/stats`, token);
  const ownStats = (guest: Guest, id = guest.sponsorshipId) =>
    w.asGuest('GET', `/api/sponsorships/${id}/wall-stats`, guest);
  /** The figures once the counter's next batch is written. */
  const settled = async (expected: { impressions: number; clicks: number }) => {
    await expect
      .poll(async () => (await eventStats()).json<EventWallStats>().totals, { timeout: 5000, interval: 60 })
      .toEqual(expected);
    return (await eventStats()).json<EventWallStats>();
  };

  const sponsor = async (name: string, packageId: number, consent: boolean) => {
    const guest = await w.invite(organiser, eventId, { packageIds: [packageId] });
    await w.asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/package`, guest, { package_id: packageId });
    await w.asGuest('PUT', '/api/sponsor-profile', guest, {
      public_name: name,
      website: `https://${name.toLowerCase().replace(/\W/g, '')}.example`,
    });
    await w.uploadLogo(guest, await logoFile('png', 200, 100));
    if (consent)
      await w.asGuest('PUT', `/api/sponsorships/${guest.sponsorshipId}/wall-consent`, guest, { show_on_wall: true });
    await w.confirm(organiser, guest);
    return guest;
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine, { env: { WALL_STATS_FLUSH_MS: '50', RATE_LIMIT_WALL_STATS: '20/60' } });
    [organiser, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    eventId = (await w.call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
    const pkg = (
      await w.call('POST', `/api/event/${eventId}/packages`, organiser.token, {
        name: 'Gold',
        description: '',
        price_cents: 100_000,
        capacity: null,
        benefits: [],
      })
    ).json<{ id: number }>().id;
    gold = await sponsor('Gold GmbH', pkg, true);
    silver = await sponsor('Silber AG', pkg, true);
    hidden = await sponsor('Still KG', pkg, false);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('is not there while the wall is off, and the feed names each entry by its sponsorship', async () => {
    expect((await view([gold.sponsorshipId])).statusCode).toBe(404);
    expect((await click(gold.sponsorshipId)).statusCode).toBe(404);
    await w.call('PUT', `/api/event/${eventId}/sponsor-wall`, organiser.token, { enabled: true });
    const feed = (
      await t.app.inject({ method: 'GET', url: `/api/public/events/${eventId}/sponsors` })
    ).json<SponsorWallFeed>();
    expect(feed.groups.flatMap((g) => g.sponsors.map((s) => s.id)).sort()).toEqual(
      [gold.sponsorshipId, silver.sponsorshipId].sort(),
    );
  });

  it('counts each shown entry once per view, and nothing for robots, unknown ids or bad input', async () => {
    const counted = await view([gold.sponsorshipId, silver.sponsorshipId, gold.sponsorshipId]);
    expect(counted.statusCode).toBe(204);
    expect(counted.headers['set-cookie']).toBeUndefined();
    await view([gold.sponsorshipId], { placement: 'embed' });
    // Not on the wall (no consent), not of this event, made up: accepted, not counted.
    expect((await view([hidden.sponsorshipId, 999_999])).statusCode).toBe(204);
    for (const agent of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'curl/8.5.0',
      '',
      'Mozilla/5.0 HeadlessChrome/120',
    ]) {
      expect((await view([gold.sponsorshipId], { agent })).statusCode).toBe(204);
    }
    const prefetch = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${eventId}/wall-views`,
      remoteAddress: visitor(),
      headers: { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' },
      payload: { placement: 'page', sponsors: [gold.sponsorshipId] },
    });
    expect(prefetch.statusCode).toBe(204);
    for (const payload of [
      { placement: 'wall', sponsors: [1] },
      { placement: 'page', sponsors: ['x'] },
      { placement: 'page' },
    ]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: `/api/public/events/${eventId}/wall-views`,
        headers: { 'user-agent': BROWSER },
        payload,
      });
      expect(bad.statusCode).toBe(400);
    }
    const tooMany = await view(Array.from({ length: 501 }, (_, i) => i + 1));
    expect(tooMany.statusCode).toBe(400);
    const stats = await settled({ impressions: 3, clicks: 0 });
    expect(stats.sponsors.map((s) => [s.name, s.impressions, s.page.impressions, s.embed.impressions])).toEqual([
      ['Gold GmbH', 2, 1, 1],
      ['Silber AG', 1, 1, 0],
    ]);
    expect(stats.days).toHaveLength(1);
    expect(stats.days[0]!.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("counts a click and leads to the sponsor's website; a robot is led there too, uncounted", async () => {
    const followed = await click(gold.sponsorshipId, 'embed');
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('https://goldgmbh.example');
    expect(followed.headers['set-cookie']).toBeUndefined();
    expect((await click(gold.sponsorshipId, 'page', 'Twitterbot/1.0')).statusCode).toBe(302);
    expect((await click(hidden.sponsorshipId)).statusCode).toBe(404);
    const stats = await settled({ impressions: 3, clicks: 1 });
    expect(stats.sponsors.find((s) => s.name === 'Gold GmbH')!.embed).toEqual({ impressions: 1, clicks: 1 });
  });

  it('stops counting an address over its limit, and answers it alike', async () => {
    const from = '10.9.9.9';
    const answers = await Promise.all(Array.from({ length: 30 }, () => view([silver.sponsorshipId], { from })));
    expect(answers.every((r) => r.statusCode === 204)).toBe(true);
    const stats = await settled({ impressions: 23, clicks: 1 });
    expect(stats.sponsors.find((s) => s.name === 'Silber AG')!.impressions).toBe(21);
  });

  it("shows each sponsor only their own figures, and the event's figures only to its organisers", async () => {
    const own = await ownStats(gold);
    expect(own.statusCode).toBe(200);
    expect(own.json<SponsorshipWallStats>().totals).toEqual({ impressions: 2, clicks: 1 });
    expect(
      own
        .json<SponsorshipWallStats>()
        .days.map((d) => d.placement)
        .sort(),
    ).toEqual(['embed', 'page']);
    expect((await ownStats(gold, silver.sponsorshipId)).statusCode).toBe(404);
    expect((await eventStats(stranger.token)).statusCode).toBe(404);
    const unsigned = await t.app.inject({ method: 'GET', url: `/api/event/${eventId}/sponsor-wall/stats` });
    expect(unsigned.statusCode).toBe(401);
    const asOrganiser = await w.call(
      'GET',
      `/api/sponsorships/${silver.sponsorshipId}/wall-stats?days=7`,
      organiser.token,
    );
    expect(asOrganiser.json<SponsorshipWallStats>().totals.impressions).toBe(21);
    expect((await w.call('GET', `/api/event/${eventId}/sponsor-wall/stats?days=0`, organiser.token)).statusCode).toBe(
      400,
    );
  });

  it('writes what it counted when the server closes', async () => {
    const second = await startIdentityApp(engine, { env: { WALL_STATS_FLUSH_MS: '600000' } });
    try {
      const o = await onboardedUser(second, 'veranstalter');
      const sw = sponsorWorld(() => second);
      const event = (await sw.call('POST', '/api/event/-1', o.token, validEvent({ title: 'Nachlauf' }))).json().id;
      const guest = await sw.invite(o, event);
      await sw.asGuest('PUT', '/api/sponsor-profile', guest, { public_name: 'Spät GmbH' });
      await sw.asGuest('PUT', `/api/sponsorships/${guest.sponsorshipId}/wall-consent`, guest, { show_on_wall: true });
      await sw.confirm(o, guest);
      await sw.call('PUT', `/api/event/${event}/sponsor-wall`, o.token, { enabled: true });
      const counted = await second.app.inject({
        method: 'POST',
        url: `/api/public/events/${event}/wall-views`,
        headers: { 'user-agent': BROWSER },
        payload: { placement: 'page', sponsors: [guest.sponsorshipId] },
      });
      expect(counted.statusCode).toBe(204);
      const before = await second.database.db.selectFrom('wall_stats').selectAll().execute();
      expect(before).toHaveLength(0);
      await second.app.close();
      const after = await second.database.db.selectFrom('wall_stats').select(['impressions']).execute();
      expect(after.map((r) => Number(r.impressions))).toEqual([1]);
    } finally {
      await second.close();
    }
  });
});
