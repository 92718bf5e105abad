// Issue 59's readiness figures: the board of an event with 200 confirmed sponsorships of a package
// with 8 deliverables (decision 080), and chasing all 200 sponsors in one call: how long queuing took
// (the call's answer) and how long until the outbox had sent every chaser through the mail port.
// Seeded through the API as organiser and sponsors would (invitation, package, signed agreement,
// confirmation), which makes the deliverables.
import { expectStatus, request } from './server.mjs';
import { pool } from './seed.mjs';

const BENEFITS = [
  { title: 'Logo auf dem Bühnenbanner', kind: 'logo', due_date: '2030-05-01', sponsor_delivers: true },
  { title: 'Logo auf der Website', kind: 'logo', due_date: '2030-05-01', sponsor_delivers: true },
  { title: 'Anzeige im Programmheft', kind: 'custom', due_date: '2030-04-15', sponsor_delivers: true },
  { title: 'Vortrag', kind: 'talk', due_date: '2030-05-10', sponsor_delivers: true },
  { title: 'Stand im Foyer', kind: 'booth', due_date: null, sponsor_delivers: false },
  { title: 'Erwähnung in der Pressemitteilung', kind: 'custom', due_date: null, sponsor_delivers: false },
  { title: 'Beitrag in den sozialen Medien', kind: 'social', due_date: '2030-06-01', sponsor_delivers: false },
  { title: 'Vier Freikarten', kind: 'tickets', due_date: '2030-06-10', sponsor_delivers: true },
];

const PDF =
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
  '% Unterschrieben\ntrailer << /Root 1 0 R >>\n%%EOF\n';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An event with `sponsorships` confirmed sponsorships of one package with 8 deliverables; answers its id. */
export async function seedReadinessEvent(server, organiser, { sponsorships = 200, log } = {}) {
  const token = organiser.accessToken;
  const stamp = Date.now();
  const { body: event } = await expectStatus(201, server.baseUrl, 'POST', '/api/event/-1', {
    token,
    body: {
      title: 'Benchmark-Event Bereitschaft',
      event_date: '2030-07-04',
      location: 'Messe Benchstadt',
      description: 'Zweihundert Sponsoren, acht Leistungen.',
      files: [],
    },
  });
  const { body: pkg } = await expectStatus(201, server.baseUrl, 'POST', `/api/event/${event.id}/packages`, {
    token,
    body: { name: 'Gold', description: 'Acht Leistungen', price_cents: 100_000, capacity: null, benefits: BENEFITS },
  });
  await pool(sponsorships, 4, async (i) => {
    const email = `ready-sponsor-${stamp}-${i}@bench.example.org`;
    const { body } = await expectStatus(201, server.baseUrl, 'POST', '/api/sponsor-invitation', {
      token,
      body: { email, event_id: event.id, package_ids: [pkg.id] },
    });
    const guest = { authorization: `${new URL(body.url).searchParams.get('token')}:${email}` };
    const id = body.sponsorId;
    await expectStatus(200, server.baseUrl, 'POST', `/api/sponsorships/${id}/package`, {
      headers: guest,
      body: { package_id: pkg.id },
    });
    const base = `/api/sponsorships/${id}/signed-agreement`;
    const { body: upload } = await expectStatus(200, server.baseUrl, 'POST', `${base}/upload-url`, {
      headers: guest,
      body: { file_name: 'unterschrieben.pdf' },
    });
    const target = new URL(upload.url, server.baseUrl);
    await expectStatus([200, 204], server.baseUrl, 'PUT', target.pathname + target.search, {
      body: PDF,
      headers: { 'content-type': 'application/pdf' },
    });
    await expectStatus(200, server.baseUrl, 'PUT', base, {
      headers: guest,
      body: { s3_id: upload.s3_id, key: upload.key },
    });
    await expectStatus(200, server.baseUrl, 'POST', `/api/sponsorships/${id}/status`, {
      token,
      body: { status: 'confirmed' },
    });
  });
  const { body: board } = await expectStatus(200, server.baseUrl, 'GET', `/api/events/${event.id}/readiness`, {
    token,
  });
  // The lean wire (decision 096): rows as columns, a row's cells as indices into the distinct cells.
  const cells = board.rows.cells.reduce((n, refs) => n + refs.filter((ref) => ref >= 0).length, 0);
  const kB = Math.round(JSON.stringify(board).length / 1000);
  log?.(
    `seeded an event with ${board.rows.sponsorship_id.length} confirmed sponsorships, ${cells} cells ` +
      `(${board.cells.length} distinct), ${kB} kB of JSON`,
  );
  return event.id;
}

/**
 * Chases every sponsor of the event in one call; answers the call's time, how many were queued, and
 * how long after the answer the outbox had sent them all (its timer runs every 5 s, so up to 5 s of
 * that is waiting for the next run).
 */
export async function chaseAll(server, organiser, eventId, { timeoutMs = 120_000 } = {}) {
  const token = organiser.accessToken;
  const started = performance.now();
  const { body: answer } = await expectStatus(200, server.baseUrl, 'POST', `/api/events/${eventId}/readiness/chase`, {
    token,
    body: { all_waiting_sponsor: true },
  });
  const queuedMs = performance.now() - started;
  const queuedAt = performance.now();
  let firstSentMs = null;
  // When the last look that saw nothing sent was asked: the drain began after it.
  let noneSentAskedMs = 0;
  let notices = [];
  for (;;) {
    const askedMs = performance.now() - queuedAt;
    const res = await request(server.baseUrl, 'GET', `/api/events/${eventId}/readiness/notices`, { token });
    notices = res.body?.notices ?? [];
    const sent = notices.filter((n) => n.status === 'sent').length;
    if (sent === 0) noneSentAskedMs = askedMs;
    if (sent > 0 && firstSentMs === null) firstSentMs = performance.now() - queuedAt;
    if (sent >= answer.queued || performance.now() - queuedAt > timeoutMs) break;
    await sleep(25);
  }
  const allSentMs = performance.now() - queuedAt;
  const sent = notices.filter((n) => n.status === 'sent');
  const perSponsorship = new Map();
  for (const n of sent) perSponsorship.set(n.sponsorship_id, (perSponsorship.get(n.sponsorship_id) ?? 0) + 1);
  return {
    queuedMs,
    queued: answer.queued,
    recipients: answer.recipients.length,
    sent: sent.length,
    lost: answer.queued - perSponsorship.size,
    duplicated: [...perSponsorship.values()].filter((count) => count > 1).length,
    firstSentMs,
    allSentMs,
    // At least this many a second: every mail went out between the last look that saw none sent and
    // the answer of the look that saw all (the drain itself, without the wait for the timer).
    drainMs: allSentMs - noneSentAskedMs,
    drainRate: sent.length / ((allSentMs - noneSentAskedMs) / 1000),
  };
}
