// The "bundle of 200 logos" figure of `npm run bench` (issue 59; decision 089): an event with 200
// confirmed sponsorships, each with an approved logo (a 600 × 240 PNG, the sponsor approved its proof
// and the organiser the round, which makes its PNG and PDF variants), then the print bundle downloaded
// over HTTP while the server's RSS is sampled, beside yazl alone zipping the same files (the originals
// twice, as the top entry and png/, and the PDF variants, read from the blob store's directory) in
// this process, three times each, alternating, in the same run.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { createUser, pool } from './seed.mjs';
import { expectStatus, rssMb } from './server.mjs';

// yazl is the API's dependency (the bundle's library), taken from there for the comparison.
const yazl = createRequire(new URL('../../apps/api/package.json', import.meta.url))('yazl');
const SPONSORS = 200;
const RUNS = 3;

/** A 600 × 240 RGBA PNG whose pixels differ per sponsor (so no two logos are alike). */
function logoPng(seed, width = 600, height = 240) {
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
  header[8] = 8;
  header[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * (width * 4 + 1) + 1 + x * 4;
      raw[i] = (x * 3 + seed * 17) & 255;
      raw[i + 1] = (y * 5 + seed * 29) & 255;
      raw[i + 2] = ((x ^ y) + seed) & 255;
      raw[i + 3] = x < 40 ? 0 : 255;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function tinyPdf() {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A PUT of raw bytes (the request helper sends JSON). */
function putBytes(baseUrl, pathname, bytes, headers) {
  const url = new URL(pathname, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'PUT', headers },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          res.statusCode >= 200 && res.statusCode < 300
            ? resolve()
            : reject(new Error(`PUT ${pathname} ${res.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 200)}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(bytes);
  });
}

async function seedEvent(server, log) {
  const organiser = await createUser(server, `bundle-${Date.now()}@bench.example.org`);
  const token = organiser.accessToken;
  const base = server.baseUrl;
  await expectStatus(201, base, 'POST', '/api/user-profile', {
    token,
    body: {
      role: 'veranstalter',
      organisation_name: 'Druckerei-Verein e.V.',
      street: 'Hauptstraße',
      house_number: '1',
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
      phone_number: '+49 30 1234567',
    },
  });
  const body = { title: 'Bündel-Fest', event_date: '2027-06-20', location: 'Halle', description: 'Druck', files: [] };
  const { body: event } = await expectStatus(201, base, 'POST', '/api/event/-1', { token, body });
  const { body: upload } = await expectStatus(
    200,
    base,
    'GET',
    `/api/file/upload/${event.organisation_id}/${event.id}/Vereinbarung/pdf`,
    { token },
  );
  await putBytes(base, upload.url, tinyPdf(), { 'content-type': 'application/pdf' });
  await expectStatus(200, base, 'PUT', `/api/event/${event.id}`, {
    token,
    body: { ...body, files: [{ s3_id: upload.s3_id, name: upload.file, key: upload.key }] },
  });
  const { body: pack } = await expectStatus(201, base, 'POST', `/api/event/${event.id}/packages`, {
    token,
    body: {
      name: 'Gold',
      description: '',
      price_cents: 100_000,
      capacity: null,
      benefits: [{ title: 'Logo auf dem Banner', kind: 'logo', due_date: null, sponsor_delivers: true }],
    },
  });
  log(`print bundle: seeding ${SPONSORS} sponsorships with approved logos`);
  const spec = {
    placement: 'banner',
    file_types: ['png'],
    min_width: null,
    min_height: null,
    transparent: false,
    vector: false,
    alt_text_required: false,
  };
  await pool(SPONSORS, 6, async (i) => {
    const email = `bundle-sponsor-${i}-${Date.now()}@bench.example.org`;
    const { body: invitation } = await expectStatus(201, base, 'POST', '/api/sponsor-invitation', {
      token,
      body: { email, event_id: event.id, package_ids: [pack.id] },
    });
    const id = invitation.sponsorId;
    const guest = { authorization: `${new URL(invitation.url).searchParams.get('token')}:${email}` };
    await expectStatus(200, base, 'POST', `/api/sponsorships/${id}/package`, {
      headers: guest,
      body: { package_id: pack.id },
    });
    const { body: signed } = await expectStatus(
      200,
      base,
      'POST',
      `/api/sponsorships/${id}/signed-agreement/upload-url`,
      {
        headers: guest,
        body: { file_name: 'signed.pdf' },
      },
    );
    await putBytes(base, signed.url, tinyPdf(), { 'content-type': 'application/pdf' });
    await expectStatus(200, base, 'PUT', `/api/sponsorships/${id}/signed-agreement`, {
      headers: guest,
      body: { s3_id: signed.s3_id, key: signed.key },
    });
    await expectStatus(200, base, 'POST', `/api/sponsorships/${id}/status`, { token, body: { status: 'confirmed' } });
    const { body: list } = await expectStatus(200, base, 'GET', `/api/sponsorships/${id}/deliverables`, {
      headers: guest,
    });
    const deliverable = list.deliverables[0].id;
    await expectStatus(200, base, 'PUT', `/api/deliverables/${deliverable}/asset-spec`, { token, body: { spec } });
    await putBytes(base, `/api/deliverables/${deliverable}/asset`, logoPng(i), {
      ...guest,
      'content-type': 'application/octet-stream',
    });
    const decision = { round: 1, decision: 'approve', comment: '' };
    await expectStatus(200, base, 'POST', `/api/deliverables/${deliverable}/asset/proof-decision`, {
      headers: guest,
      body: decision,
    });
    await expectStatus(200, base, 'POST', `/api/deliverables/${deliverable}/asset/decision`, { token, body: decision });
  });
  return { token, eventId: event.id };
}

const nullSink = () => {
  let bytes = 0;
  const sink = new Writable({
    write(chunk, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  return { sink, bytes: () => bytes };
};

/** The bundle over HTTP into nothing, with the server's RSS sampled every 20 ms; ms, bytes, peak RSS growth. */
export async function download(server, token, eventId) {
  const before = rssMb(server.pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20);
  const started = performance.now();
  const { sink, bytes } = nullSink();
  await new Promise((resolve, reject) => {
    const url = new URL(`/api/events/${eventId}/print-bundle.zip`, server.baseUrl);
    http
      .get(
        { host: url.hostname, port: url.port, path: url.pathname, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`print bundle answered ${res.statusCode}`));
          pipeline(res, sink).then(resolve, reject);
        },
      )
      .on('error', reject);
  });
  const ms = performance.now() - started;
  clearInterval(timer);
  return { ms, bytes: bytes(), rssGrowthMb: peak - before };
}

/** yazl alone: the same files from the blob store's directory, stored as the bundle stores them. */
async function yazlAlone(files) {
  const started = performance.now();
  const zip = new yazl.ZipFile();
  for (const [name, file] of files) {
    zip.addReadStreamLazy(name, { compress: false }, (done) => done(null, fs.createReadStream(file)));
  }
  zip.addBuffer(Buffer.from('csv'), 'sponsors.csv');
  zip.end();
  const { sink, bytes } = nullSink();
  await pipeline(zip.outputStream, sink);
  return { ms: performance.now() - started, bytes: bytes() };
}

/** yazl alone behind a bare node:http server in this process: what the transport adds, for comparison. */
async function yazlOverHttp(files) {
  const server = http.createServer((_req, res) => {
    const zip = new yazl.ZipFile();
    for (const [name, file] of files) {
      zip.addReadStreamLazy(name, { compress: false }, (done) => done(null, fs.createReadStream(file)));
    }
    zip.end();
    res.writeHead(200, { 'content-type': 'application/zip' });
    zip.outputStream.pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const started = performance.now();
  const { sink } = nullSink();
  await new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: server.address().port, path: '/' }, (res) =>
        pipeline(res, sink).then(resolve, reject),
      )
      .on('error', reject);
  });
  const ms = performance.now() - started;
  await new Promise((resolve) => server.close(resolve));
  return ms;
}

function sameFiles(dataDir) {
  const root = path.join(dataDir, 'files');
  const files = [];
  const assets = path.join(root, 'deliverable-assets');
  for (const id of fs.readdirSync(assets)) {
    const original = fs.readdirSync(path.join(assets, id)).find((f) => f.endsWith('.png'));
    files.push([`${id}.png`, path.join(assets, id, original)]);
    files.push([`png/${id}.png`, path.join(assets, id, original)]);
    files.push([`pdf/${id}.pdf`, path.join(root, 'deliverable-variants', id, '1.pdf')]);
  }
  return files;
}

export async function printBundleBench(server, { dataDir, log }) {
  const { token, eventId } = await seedEvent(server, log);
  const files = sameFiles(dataDir);
  await download(server, token, eventId); // warm: routes, the first read of each blob
  const app = [];
  const raw = [];
  const overHttp = [];
  for (let run = 0; run < RUNS; run++) {
    app.push(await download(server, token, eventId));
    raw.push(await yazlAlone(files));
    overHttp.push(await yazlOverHttp(files));
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    // For a second look at the same bundle (scripts/bench/print-bundle-profile.mjs).
    eventId,
    token,
    files: files.length,
    bytes: app[0].bytes,
    rawBytes: raw[0].bytes,
    // Each run's figures, for the spread beside the medians.
    runs: app.map((r, i) => ({ ms: r.ms, rawMs: raw[i].ms, rawOverHttpMs: overHttp[i], ratio: r.ms / raw[i].ms })),
    ms: median(app.map((r) => r.ms)),
    rawMs: median(raw.map((r) => r.ms)),
    rawOverHttpMs: median(overHttp),
    rssGrowthMb: Math.max(...app.map((r) => r.rssGrowthMb)),
  };
}
