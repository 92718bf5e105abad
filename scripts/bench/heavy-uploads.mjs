// The uploads figure of `npm run bench -- --heavy-only` (issue 57): four clients at once, each sending
// the largest body every route that takes one allows (the anonymous verification's PDF, a sponsor's
// logo, an organiser's PDF upload to the local file store), three rounds, while a probe reads the
// organiser's event (a cheap read) in a loop. Figures: the probe's p99 and max, and the server's RSS
// after the uploads beside its RSS before them (budgets: p99 < 50 ms, after <= 1.5 x before).
//
// "Largest allowed" is checked, not assumed: one byte more than each limit below is answered 413 by
// the server, so a limit that moves fails this step instead of leaving the bench sending less.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { organiserWithBilling, percentile, pngBytes } from './heavy-work.mjs';
import { expectStatus, rssMb } from './server.mjs';

const CLIENTS = 4;
const ROUNDS = 3;
const MB = 1024 * 1024;
/** AGREEMENT_LIMITS.verifyBytes and SPONSOR_PROFILE_LIMITS.logoBytes (packages/shared); checked below. */
const VERIFY_BYTES = 4 * MB;
const LOGO_BYTES = 2 * MB;

/** `size` bytes that start like a PDF and are random after it (NUL bytes, broken UTF-8 everywhere). */
function binaryPdf(size) {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.7\n', 'latin1').copy(bytes, 0);
  return bytes;
}

/** A real PNG of random pixels, the largest square one within `maxBytes`. */
function largestLogo(maxBytes) {
  for (let side = Math.floor(Math.sqrt(maxBytes / 3)); side > 10; side -= 4) {
    const png = pngBytes(side, side, randomBytes(side * side * 3));
    if (png.length <= maxBytes) return png;
  }
  throw new Error('no logo fits');
}

/** One request on a connection of its own (as another client would send it); resolves with its status. */
function send(baseUrl, method, pathname, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(pathname, baseUrl), { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(120_000, () => req.destroy(new Error(`${method} ${pathname} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A request that declares `declared` bytes and sends only their first 64 kB: the answer to a body over
 * a limit comes from its declared length (413), and the server may close the connection right after
 * it, so a whole body still being written would end in EPIPE instead of the answer.
 */
function sendDeclared(baseUrl, method, pathname, headers, declared, head) {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      new URL(pathname, baseUrl),
      { method, headers: { ...headers, 'content-length': String(declared) }, agent: false },
      (res) => {
        answered = true;
        res.resume();
        resolve({ status: res.statusCode, text: '' });
        req.destroy();
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${pathname}: no answer to a declared length`)));
    req.on('error', (error) => answered || reject(error));
    req.write(head.subarray(0, 64 * 1024));
  });
}

/** The three kinds of upload, as a client sends them (the guest sponsor's logo, the organiser's links). */
function clientsOf(baseUrl, guest) {
  return {
    verify: (body) =>
      send(baseUrl, 'POST', '/api/public/agreements/verify', { 'content-type': 'application/pdf' }, body),
    logo: (body) =>
      send(baseUrl, 'PUT', '/api/sponsor-profile/logo', { authorization: guest, 'content-type': 'image/png' }, body),
    upload: (link, body) => send(baseUrl, 'PUT', link.path, { 'content-type': 'application/pdf' }, body),
  };
}

/** An organiser with an event, a guest sponsor invited to it, and upload links on demand. */
async function uploadWorld(server) {
  const org = await organiserWithBilling(server);
  const email = `heavy-uploads-${Date.now()}@bench.example.org`;
  const { body: invitation } = await expectStatus(201, server.baseUrl, 'POST', '/api/sponsor-invitation', {
    token: org.token,
    body: { email, event_id: org.eventId, package_ids: [org.packageId] },
  });
  const guest = `${new URL(invitation.url).searchParams.get('token')}:${email}`;
  const uploadLink = async () => {
    const { body } = await expectStatus(
      200,
      server.baseUrl,
      'GET',
      `/api/file/upload/${org.organisationId}/${org.eventId}/Vertrag/pdf`,
      { token: org.token },
    );
    const url = new URL(body.url, server.baseUrl);
    return { path: `${url.pathname}${url.search}`, maxBytes: body.max_bytes };
  };
  return { org, guest, uploadLink, ...clientsOf(server.baseUrl, guest) };
}

/**
 * The uploading clients, run in a child process of their own (scripts/bench/in-child.mjs): sending
 * 104 MB a round keeps a process's event loop busy in its socket writes, and a probe in that process
 * measured its own delay as the server's (decision 046's lesson for the load generator). The bodies
 * are made first; the rounds start at `startAt` (the parent's probe starts then too). Answers each
 * round's time and statuses.
 */
export async function uploadRounds({ baseUrl, guest, rounds, startAt }) {
  const w = clientsOf(baseUrl, guest);
  const verifyBody = binaryPdf(VERIFY_BYTES);
  const logoBody = largestLogo(LOGO_BYTES);
  const uploadBody = binaryPdf(rounds[0][0].maxBytes);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
  const results = [];
  for (const links of rounds) {
    const started = performance.now();
    const answers = await Promise.all(
      links.flatMap((link) => [w.verify(verifyBody), w.logo(logoBody), w.upload(link, uploadBody)]),
    );
    results.push({
      ms: performance.now() - started,
      sentMb: (links.length * (verifyBody.length + logoBody.length + uploadBody.length)) / MB,
      answers: answers.map((a, i) => ({
        status: a.status,
        expected: [200, 200, 204][i % 3],
        text: a.text.slice(0, 300),
      })),
    });
  }
  return results;
}

/** The figures: the probe's p99 and max over all rounds, RSS before and after (MB). */
export async function heavyUploads(server, { log }) {
  const w = await uploadWorld(server);
  const firstLink = await w.uploadLink();
  const logoBody = largestLogo(LOGO_BYTES);
  // The limits are the ones the server keeps: one byte more is refused.
  const over = (method, pathname, headers, limit, head) =>
    sendDeclared(server.baseUrl, method, pathname, headers, limit + 1, head);
  const uploadPath = firstLink.path;
  for (const [name, answer] of [
    [
      'verification',
      () =>
        over(
          'POST',
          '/api/public/agreements/verify',
          { 'content-type': 'application/pdf' },
          VERIFY_BYTES,
          binaryPdf(64 * 1024),
        ),
    ],
    [
      'logo',
      () =>
        over(
          'PUT',
          '/api/sponsor-profile/logo',
          { authorization: w.guest, 'content-type': 'image/png' },
          LOGO_BYTES,
          logoBody,
        ),
    ],
    [
      'upload',
      () => over('PUT', uploadPath, { 'content-type': 'application/pdf' }, firstLink.maxBytes, binaryPdf(64 * 1024)),
    ],
  ]) {
    const { status } = await answer();
    if (status !== 413) throw new Error(`a ${name} body one byte over its limit answered ${status}`);
  }
  // Warm: libvips comes with the first logo, and every route has served once.
  for (const answer of [await w.logo(logoBody), await w.verify(binaryPdf(VERIFY_BYTES))])
    if (answer.status !== 200) throw new Error(`warm-up answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++)
    rounds.push(await Promise.all(Array.from({ length: CLIENTS }, () => w.uploadLink())));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssBefore = rssMb(server.pid);
  log(
    `heavy work: ${CLIENTS} clients x (verification ${VERIFY_BYTES / MB} MB, logo ${(logoBody.length / MB).toFixed(1)} MB, ` +
      `upload ${(firstLink.maxBytes / MB).toFixed(0)} MB) from a child process, ${ROUNDS} rounds, a probe reading the event`,
  );
  const startAt = Date.now() + 3000;
  let busy = true;
  // Imported here: in the child, in-child.mjs is the entry that imports this module.
  const { runInChild } = await import('./in-child.mjs');
  const sending = runInChild(fileURLToPath(import.meta.url), 'uploadRounds', {
    baseUrl: server.baseUrl,
    guest: w.guest,
    rounds,
    startAt,
  }).finally(() => (busy = false));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
  const probes = [];
  let peakRss = rssBefore;
  while (busy) {
    const started = performance.now();
    await expectStatus(200, server.baseUrl, 'GET', `/api/event/${w.org.eventId}`, { token: w.org.token });
    probes.push(performance.now() - started);
    peakRss = Math.max(peakRss, rssMb(server.pid));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const results = await sending;
  for (const { answers } of results)
    for (const a of answers)
      if (a.status !== a.expected) throw new Error(`an upload answered ${a.status}, not ${a.expected}: ${a.text}`);
  // What the process keeps once the bodies are answered (a moment for the last buffers to be freed).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssAfter = rssMb(server.pid);
  return {
    clients: CLIENTS,
    rounds: ROUNDS,
    roundMs: results.map((r) => r.ms),
    sentMbPerRound: results[0].sentMb,
    probeP99: percentile(probes, 0.99),
    probeMax: Math.max(...probes),
    probes: probes.length,
    rssBeforeMb: rssBefore,
    rssPeakMb: peakRss,
    rssAfterMb: rssAfter,
  };
}
