// Issue 60's wall figures (decision 102): the public wall's view beacon under load beside the
// node:http baseline (budget ≥ 0.30 of it, p99 < 10 ms), and what a SIGKILL loses: views answered
// more than one batch interval before the kill must all be stored after the restart; only the last
// interval's may be missing. An event whose wall shows SPONSORS consenting, confirmed sponsors.
import { createUser, pool } from './seed.mjs';
import { expectStatus } from './server.mjs';

const SPONSORS = 10;
const EARLY_VIEWS = 300;
const LATE_VIEWS = 100;
/** What the wall's figures leave out is a robot's own name; the load generator names a browser. */
export const WALL_VISITOR = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  'content-type': 'application/json',
};
const PDF =
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
  'trailer << /Root 1 0 R >>\n%%EOF\n';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An organiser's event with its wall on and SPONSORS entries on it: their ids and the organiser's token. */
export async function seedWallEvent(server) {
  const stamp = Date.now();
  const organiser = await createUser(server, `wall-${stamp}@bench.example.org`);
  const token = organiser.accessToken;
  await expectStatus(201, server.baseUrl, 'POST', '/api/user-profile', {
    token,
    body: {
      role: 'veranstalter',
      organisation_name: 'Wand e.V.',
      street: 'Hauptstraße',
      house_number: '1',
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
      phone_number: '+49 30 1234567',
    },
  });
  const { body: event } = await expectStatus(201, server.baseUrl, 'POST', '/api/event/-1', {
    token,
    body: { title: 'Wand-Benchmark', event_date: '2030-07-04', location: 'Halle', description: 'Logos', files: [] },
  });
  const { body: pkg } = await expectStatus(201, server.baseUrl, 'POST', `/api/event/${event.id}/packages`, {
    token,
    body: { name: 'Gold', price_cents: 100_000, capacity: null, benefits: [] },
  });
  const ids = [];
  await pool(SPONSORS, 4, async (i) => {
    const email = `wall-sponsor-${stamp}-${i}@bench.example.org`;
    const { body: invitation } = await expectStatus(201, server.baseUrl, 'POST', '/api/sponsor-invitation', {
      token,
      body: { email, event_id: event.id, package_ids: [pkg.id] },
    });
    const id = invitation.sponsorId;
    const headers = { authorization: `${new URL(invitation.url).searchParams.get('token')}:${email}` };
    await expectStatus(200, server.baseUrl, 'POST', `/api/sponsorships/${id}/package`, {
      headers,
      body: { package_id: pkg.id },
    });
    await expectStatus(200, server.baseUrl, 'PUT', '/api/sponsor-profile', {
      headers,
      body: { public_name: `Sponsor ${i}`, website: `https://sponsor-${i}.example` },
    });
    await expectStatus(200, server.baseUrl, 'PUT', `/api/sponsorships/${id}/wall-consent`, {
      headers,
      body: { show_on_wall: true },
    });
    const base = `/api/sponsorships/${id}/signed-agreement`;
    const { body: upload } = await expectStatus(200, server.baseUrl, 'POST', `${base}/upload-url`, {
      headers,
      body: { file_name: 'unterschrieben.pdf' },
    });
    const target = new URL(upload.url, server.baseUrl);
    await expectStatus(204, server.baseUrl, 'PUT', target.pathname + target.search, {
      headers: { 'content-type': 'application/pdf' },
      body: PDF,
    });
    await expectStatus(200, server.baseUrl, 'PUT', base, { headers, body: { s3_id: upload.s3_id, key: upload.key } });
    await expectStatus(200, server.baseUrl, 'POST', `/api/sponsorships/${id}/status`, {
      token,
      body: { status: 'confirmed' },
    });
    ids.push(id);
  });
  await expectStatus(200, server.baseUrl, 'PUT', `/api/event/${event.id}/sponsor-wall`, {
    token,
    body: { enabled: true },
  });
  return { eventId: event.id, ids, token };
}

export const wallViewsPath = (eventId) => `/api/public/events/${eventId}/wall-views`;
export const wallViewsBody = (ids) => JSON.stringify({ placement: 'page', sponsors: ids });

async function storedImpressions(server, wall) {
  const { body } = await expectStatus(200, server.baseUrl, 'GET', `/api/event/${wall.eventId}/sponsor-wall/stats`, {
    token: wall.token,
  });
  return body.totals.impressions;
}

const view = (server, wall) =>
  expectStatus(204, server.baseUrl, 'POST', wallViewsPath(wall.eventId), {
    headers: WALL_VISITOR,
    body: { placement: 'page', sponsors: wall.ids },
  });

/**
 * Views answered, then more than one batch interval, then more views and a SIGKILL at once; after
 * the restart (`restart()` answers the new server) the early views must all be stored.
 */
export async function wallKillFigures(server, wall, { flushMs, restart }) {
  await sleep(flushMs * 2.5);
  const before = await storedImpressions(server, wall);
  await pool(EARLY_VIEWS, 8, () => view(server, wall));
  await sleep(flushMs * 2.5);
  await pool(LATE_VIEWS, 8, () => view(server, wall));
  await server.kill();
  const again = await restart();
  const stored = (await storedImpressions(again, wall)) - before;
  const early = EARLY_VIEWS * wall.ids.length;
  const all = (EARLY_VIEWS + LATE_VIEWS) * wall.ids.length;
  return { server: again, early, all, stored, lostEarly: Math.max(0, early - stored), lostLate: all - stored };
}
