// The heavy-work figures of `npm run bench` (issue 57): an invoice issue, a countersignature with the
// seal and an agreement state read, each the median of three runs through the API (HTTP, database,
// blob store, mail), beside the libraries doing the same work in a child process of the same run
// (heavy-work-raw.ts, without HTTP or database). Each chain: an organiser with
// billing settings, an event with a generated agreement and a package, a sponsor invited by link who
// chose it and entered legal details, signed; the organiser countersigns (the seal, which confirms
// the sponsorship) and issues the invoice. One chain unmeasured first (loads the libraries), then three measured.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { heavyUploads } from './heavy-uploads.mjs';
import { createUser } from './seed.mjs';
import { expectStatus } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = 3;
// The sponsor's drawn signature: a transparent 240 × 80 px PNG (what an empty pad exports), embedded
// in the seal like any other.
const DRAWN = `data:image/png;base64,${pngBytes(240, 80).toString('base64')}`;

/**
 * A PNG of the given size: transparent RGBA (rows of zeros, deflated), or with `pixels` (RGB, width ×
 * height × 3 bytes) stored as they are (deflate level 0, so random pixels make a file of about their
 * size). No image library in the bench.
 */
export function pngBytes(width, height, pixels = null) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = pixels ? 2 : 6; // RGB : RGBA
  const row = pixels ? width * 3 : width * 4;
  const raw = Buffer.alloc((row + 1) * height);
  // Each row: filter type 0 (none), then its pixels.
  if (pixels) for (let y = 0; y < height; y++) pixels.copy(raw, y * (row + 1) + 1, y * row, (y + 1) * row);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, pixels ? { level: 0 } : {})),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values) => ({ min: Math.min(...values), max: Math.max(...values) });
export const summary = (values) => ({ runs: values, median: median(values), ...spread(values) });

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

/**
 * The nice value the server's document threads run at (decision 097: DOCUMENT_WORKER_NICE, default
 * 5), which the raw libraries run at too (decision 110): on a machine shared with other programs a
 * thread at nice 5 gets about a third of the share of one at 0, so raw work at 0 beside documents at
 * 5 measured the neighbours, not the server's own overhead.
 */
export const documentNice = () => {
  const given = Number(process.env.DOCUMENT_WORKER_NICE ?? 5);
  return Number.isInteger(given) ? Math.min(19, Math.max(0, given)) : 5;
};

/** The raw libraries' figures, measured in a child process (tsx runs the API's TypeScript). */
function rawFigures(runs) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/bench/heavy-work-raw.ts'), String(runs), DRAWN],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, RAW_NICE: String(documentNice()) } },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`heavy-work-raw.ts ended with code ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)));
      } catch (error) {
        reject(error);
      }
    });
  });
}

export async function organiserWithBilling(server) {
  const organiser = await createUser(server, `heavy-${Date.now()}@bench.example.org`);
  const token = organiser.accessToken;
  const { body: profile } = await expectStatus(201, server.baseUrl, 'POST', '/api/user-profile', {
    token,
    body: {
      role: 'veranstalter',
      organisation_name: 'Sportverein Musterstadt e.V.',
      street: 'Hauptstraße',
      house_number: '12a',
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
      phone_number: '+49 30 1234567',
    },
  });
  const organisationId = profile.user.organisation_id;
  await expectStatus(200, server.baseUrl, 'PUT', `/api/organisation/${organisationId}/billing-settings`, {
    token,
    body: {
      legal_name: null,
      tax_number: '30/123/45678',
      vat_id: 'DE123456789',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      bank_name: 'Commerzbank',
      payment_term_days: 14,
      number_format: 'RE-{YYYY}-{NNNN}',
      small_business: false,
      default_vat_rate: 19,
      zero_rate_reason: null,
      reminders_enabled: false,
      reminder_stages: 2,
      reminder_interval_days: 7,
    },
  });
  const { body: event } = await expectStatus(201, server.baseUrl, 'POST', '/api/event/-1', {
    token,
    body: {
      title: 'Benchmark-Event',
      event_date: '2027-06-20',
      location: 'Messe Benchstadt',
      description: 'Schwere Arbeit',
      files: [],
    },
  });
  const { body: pack } = await expectStatus(201, server.baseUrl, 'POST', `/api/event/${event.id}/packages`, {
    token,
    body: {
      name: 'Gold',
      description: '',
      price_cents: 250_000,
      capacity: null,
      benefits: [
        { title: 'Logo auf dem Bühnenbanner', kind: 'logo', due_date: '2027-05-01', sponsor_delivers: true },
        { title: 'Stand im Foyer', kind: 'booth', due_date: null, sponsor_delivers: false },
      ],
    },
  });
  await expectStatus(200, server.baseUrl, 'PUT', `/api/events/${event.id}/agreement-settings`, {
    token,
    body: {
      mode: 'generated',
      clauses: 'Gerichtsstand ist München. Änderungen bedürfen der Textform.',
      payment_term_days: 30,
      members_may_countersign: false,
    },
  });
  return { token, organisationId, eventId: event.id, packageId: pack.id };
}

/** One chain; the times of the state read (the second, of a known snapshot), the countersignature and the issue. */
async function chain(server, org, i, draftOnly = false) {
  const email = `heavy-sponsor-${Date.now()}-${i}@bench.example.org`;
  const { body: invitation } = await expectStatus(201, server.baseUrl, 'POST', '/api/sponsor-invitation', {
    token: org.token,
    body: { email, event_id: org.eventId, package_ids: [org.packageId] },
  });
  const id = invitation.sponsorId;
  const guest = { authorization: `${new URL(invitation.url).searchParams.get('token')}:${email}` };
  await expectStatus(200, server.baseUrl, 'POST', `/api/sponsorships/${id}/package`, {
    headers: guest,
    body: { package_id: org.packageId },
  });
  await expectStatus(200, server.baseUrl, 'PUT', '/api/sponsor-profile/legal', {
    headers: guest,
    body: {
      legal_name: 'Müller Getränke GmbH',
      street: 'Industriestraße',
      house_number: '5',
      postal_code: '50667',
      city: 'Köln',
      country: 'DE',
      vat_id: null,
      billing_email: null,
      language: 'de',
    },
  });
  const url = `/api/sponsorships/${id}/agreement`;
  // The first read of a new snapshot renders it; the figure is a read as the signing page repeats it.
  const first = await expectStatus(200, server.baseUrl, 'GET', url, { headers: guest });
  const read = await timed(() => expectStatus(200, server.baseUrl, 'GET', url, { headers: guest }));
  const sha = first.body.document_sha256;
  const sign = { document_sha256: sha, full_name: 'Jörg Weiß', position: 'Geschäftsführer', consent: true };
  await expectStatus(201, server.baseUrl, 'POST', `${url}/signatures`, {
    headers: guest,
    body: { ...sign, drawn_signature: DRAWN },
  });
  const countersign = await timed(() =>
    expectStatus(201, server.baseUrl, 'POST', `${url}/signatures`, {
      token: org.token,
      body: { ...sign, full_name: 'Anna Größe', position: 'Vorstand' },
    }),
  );
  const { body: draft } = await expectStatus(201, server.baseUrl, 'POST', `/api/sponsorships/${id}/invoices`, {
    token: org.token,
  });
  if (draftOnly) return { draft: draft.invoice.id };
  const issue = await timed(() =>
    expectStatus(200, server.baseUrl, 'POST', `/api/invoices/${draft.invoice.id}/issue`, { token: org.token }),
  );
  return { read: read.ms, countersign: countersign.ms, issue: issue.ms };
}

/** The figures: per step the server's and the raw libraries' runs, median and spread. */
export async function heavyWork(server, { log }) {
  const org = await organiserWithBilling(server);
  await chain(server, org, 0);
  const runs = [];
  for (let i = 1; i <= RUNS; i++) runs.push(await chain(server, org, i));
  log(`heavy work: ${RUNS} chains measured through the API; the raw libraries in a child process`);
  const raw = await rawFigures(RUNS);
  const job = await bulkJob(server, { log });
  const uploads = await heavyUploads(server, { log });
  return {
    job,
    uploads,
    issue: summary(runs.map((r) => r.issue)),
    countersign: summary(runs.map((r) => r.countersign)),
    read: summary(runs.map((r) => r.read)),
    rawNice: documentNice(),
    raw: Object.fromEntries(Object.entries(raw).map(([name, values]) => [name, summary(values)])),
  };
}

const JOB_SIZE = 40;
/** The server's document threads: what lib/work-pool.ts sizes its pool by (decision 093). */
export const poolThreads = () => {
  const given = Number(process.env.DOCUMENT_WORKERS);
  if (process.env.DOCUMENT_WORKERS && Number.isInteger(given) && given >= 1) return given;
  return Math.max(1, os.availableParallelism() - 1);
};
export const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/**
 * "Issue all drafts" of an event with 40 drafts, as the job the web app starts (decision 093): the
 * time from the start to the job's end, while a probe reads the organiser's event (a cheap read) in
 * a loop; its p99 and max. Another organiser, so the numbers start at 1.
 */
async function bulkJob(server, { log }) {
  const org = await organiserWithBilling(server);
  for (let i = 0; i < JOB_SIZE; i++) await chain(server, org, 100 + i, true);
  log(`heavy work: ${JOB_SIZE} drafts made; issuing them as one job`);
  const probes = [];
  let busy = true;
  const probe = (async () => {
    while (busy) {
      const started = performance.now();
      await expectStatus(200, server.baseUrl, 'GET', `/api/event/${org.eventId}`, { token: org.token });
      probes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const { body } = await expectStatus(202, server.baseUrl, 'POST', `/api/event/${org.eventId}/invoice-jobs`, {
    token: org.token,
    body: { kind: 'issue-drafts' },
  });
  let job = body.job;
  while (job.state !== 'done') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { body: read } = await expectStatus(200, server.baseUrl, 'GET', `/api/event/${org.eventId}/invoice-jobs`, {
      token: org.token,
    });
    job = read.jobs.find((j) => j.id === job.id);
  }
  const ms = performance.now() - started;
  busy = false;
  await probe;
  const failed = job.items.filter((i) => i.state !== 'done').length;
  if (failed) throw new Error(`${failed} of the job's invoices were not issued`);
  return {
    ms,
    items: JOB_SIZE,
    threads: poolThreads(),
    probeP99: percentile(probes, 0.99),
    probeMax: Math.max(...probes),
    probes: probes.length,
  };
}
