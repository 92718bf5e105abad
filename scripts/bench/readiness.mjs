// Issue 59's readiness figures: the board of an event with 200 confirmed sponsorships of a package
// with 8 deliverables (decision 080), and chasing all 200 sponsors in one call: how long queuing took
// (the call's answer) and how long until the outbox had sent every chaser through the mail port.
// Seeded through the API as organiser and sponsors would (invitation, package, signed agreement,
// confirmation), which makes the deliverables.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
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

const requireFromApi = createRequire(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/package.json'),
);

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

/**
 * Reads the server's database directly (SQLite read-only beside it, or PostgreSQL), for a look that
 * costs the server nothing and still answers after it was killed: how many chasers of the event after
 * `after` are in each state, and how many chaser mails went to each recipient since mail `sinceMail`.
 */
async function openDatabase({ dataDir, databaseUrl }) {
  const chasers = `select status, count(*) as n from chase_outbox where event_id = $1 and id > $2 group by status`;
  const mails = `select recipient, count(*) as n from outbox where id > $1 and (subject like 'Noch offen für %' or subject like 'Still open for %') group by recipient`;
  const maxes = `select (select coalesce(max(id), 0) from chase_outbox) as chaser, (select coalesce(max(id), 0) from outbox) as mail`;
  if (!databaseUrl) {
    const Database = requireFromApi('better-sqlite3');
    const db = new Database(path.join(dataDir, 'sponsoring.sqlite'), { readonly: true, fileMustExist: true });
    const q = (text) => db.prepare(text.replace(/\$\d/g, '?'));
    const [c, m, x] = [q(chasers), q(mails), q(maxes)];
    return {
      states: async (eventId, after) => Object.fromEntries(c.all(eventId, after).map((r) => [r.status, r.n])),
      mailsPerRecipient: async (sinceMail) => m.all(sinceMail).map((r) => r.n),
      maxIds: async () => x.get(),
      close: async () => db.close(),
    };
  }
  const pg = requireFromApi('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    states: async (eventId, after) =>
      Object.fromEntries((await client.query(chasers, [eventId, after])).rows.map((r) => [r.status, Number(r.n)])),
    mailsPerRecipient: async (sinceMail) => (await client.query(mails, [sinceMail])).rows.map((r) => Number(r.n)),
    maxIds: async () => {
      const row = (await client.query(maxes)).rows[0];
      return { chaser: Number(row.chaser), mail: Number(row.mail) };
    },
    close: () => client.end(),
  };
}

/**
 * "None lost when the server is killed mid-way" (issue 59): chases every sponsor again (the organiser
 * insists, past the day's limit), kills the server with SIGKILL as soon as the outbox has sent the
 * first of them (watched in the database, which the outbox drains faster than any look over HTTP),
 * starts a new server on the same data (`restart`) and waits until every chaser of this chase is sent.
 * One being sent at the kill keeps its claim (2 minutes, decision 080) and goes when it runs out, so
 * this may wait that long: at least once, never none. Answers the new server with the counts: queued,
 * sent at the kill, claimed at the kill, lost (no chaser sent), sent twice (from the mails themselves)
 * and how long the rest took after the restart.
 */
export async function chaseThroughKill(
  server,
  organiser,
  eventId,
  { restart, dataDir, databaseUrl, timeoutMs = 240_000 },
) {
  const token = organiser.accessToken;
  const db = await openDatabase({ dataDir, databaseUrl });
  try {
    const before = await db.maxIds();
    const { body: answer } = await expectStatus(200, server.baseUrl, 'POST', `/api/events/${eventId}/readiness/chase`, {
      token,
      body: { all_waiting_sponsor: true, override: true },
    });
    const deadline = performance.now() + 60_000;
    while (!((await db.states(eventId, before.chaser)).sent > 0)) {
      if (performance.now() > deadline) throw new Error('no chaser was sent within 60 s');
      await sleep(1);
    }
    const exited = new Promise((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGKILL');
    await exited;
    const atKill = await db.states(eventId, before.chaser);
    const next = await restart();
    const restarted = performance.now();
    let states = atKill;
    while ((states.sent ?? 0) < answer.queued && performance.now() - restarted < timeoutMs) {
      await sleep(250);
      states = await db.states(eventId, before.chaser);
    }
    const perRecipient = await db.mailsPerRecipient(before.mail);
    return {
      server: next,
      queued: answer.queued,
      sentBeforeKill: atKill.sent ?? 0,
      claimedAtKill: atKill.sending ?? 0,
      lost: answer.queued - (states.sent ?? 0),
      mailed: perRecipient.length,
      sentTwice: perRecipient.filter((n) => n > 1).length,
      restOfChaseMs: performance.now() - restarted,
    };
  } finally {
    await db.close();
  }
}
