// The print bundle (issue 59, point 4) on both engines, over real HTTP: only approved assets, in
// their original bytes, named `<package>-<sponsor>.<ext>` (safe, deduplicated), with the CSV; read
// back with a ZIP library (yauzl). Memory stays bounded: the bundle of six 7 MB files is streamed
// while the process's heap and buffers grow by less than a third of it. Only the event's organisers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { SponsorshipDeliverablesResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { confirmSponsorship, guestHeaders, type Guest } from '../sponsorships/test-support.ts';
import { bundleNames, safeName } from './bundle.ts';

// A full collection on demand (the test process is not started with --expose-gc).
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

type Entry = { name: string; bytes: Buffer };

/** Every entry of the ZIP at `file`, read with yauzl. */
function unzip(file: string): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: Entry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('bundle names', () => {
  it('makes safe, distinct names', () => {
    expect(safeName('Gold & Platin')).toBe('gold-platin');
    expect(safeName('Müller Straße GmbH')).toBe('muller-strasse-gmbh');
    expect(safeName('../../etc/passwd')).toBe('etc-passwd');
    expect(safeName('🙂')).toBe('x');
    const e = (packageName: string, sponsorName: string, fileType = 'png') => ({ packageName, sponsorName, fileType });
    expect(bundleNames([e('Gold', 'ACME'), e('Gold', 'acme'), e('Gold', 'ACME', 'svg'), e('Gold', 'ACME!')])).toEqual([
      'gold-acme.png',
      'gold-acme-2.png',
      'gold-acme.svg',
      'gold-acme-3.png',
    ]);
  });
});

describe.each(ENGINES)('print bundle on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let eventId: number;
  let packageId: number;
  const call = requester(() => t);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-'));

  const approvedAsset = async (bytes: Buffer, alt: string, approve = true) => {
    const email = uniqueEmail('sponsor');
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      package_ids: [packageId],
    });
    const guest: Guest = {
      token: new URL(res.json().url).searchParams.get('token')!,
      email,
      sponsorshipId: res.json().sponsorId,
    };
    await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${guest.sponsorshipId}/package`,
      headers: guestHeaders(guest),
      payload: { package_id: packageId },
    });
    await confirmSponsorship(t, guest, organiser.token);
    const id = (
      await t.app.inject({
        method: 'GET',
        url: `/api/sponsorships/${guest.sponsorshipId}/deliverables`,
        headers: guestHeaders(guest),
      })
    ).json<SponsorshipDeliverablesResponse>().deliverables[0]!.id;
    const spec = { file_types: ['png'], min_width: null, min_height: null, transparent: false, vector: false };
    await call('PUT', `/api/deliverables/${id}/asset-spec`, organiser.token, {
      spec: { ...spec, placement: 'banner', alt_text_required: true },
    });
    const up = await t.app.inject({
      method: 'PUT',
      url: `/api/deliverables/${id}/asset?alt_text=${encodeURIComponent(alt)}`,
      headers: { ...guestHeaders(guest), 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(up.statusCode).toBe(200);
    if (approve) {
      const proof = await t.app.inject({
        method: 'POST',
        url: `/api/deliverables/${id}/asset/proof-decision`,
        headers: guestHeaders(guest),
        payload: { round: 1, decision: 'approve' },
      });
      expect(proof.statusCode).toBe(200);
      const decided = await call('POST', `/api/deliverables/${id}/asset/decision`, organiser.token, {
        round: 1,
        decision: 'approve',
      });
      expect(decided.statusCode).toBe(200);
    }
    return guest;
  };

  /**
   * Downloads the bundle over HTTP to a file, sampling the live heap + buffers (collected first, so
   * garbage not yet collected does not count as held); answers the peak growth.
   */
  const download = async (query = '') => {
    const file = path.join(dir, `bundle-${Math.random().toString(36).slice(2)}.zip`);
    collect();
    const before = process.memoryUsage();
    let peak = 0;
    const sample = () => {
      collect();
      const now = process.memoryUsage();
      peak = Math.max(peak, now.heapUsed + now.arrayBuffers - before.heapUsed - before.arrayBuffers);
    };
    // Once a second: a full collection while 90 MB stream through takes a good part of 100 ms here.
    const timer = setInterval(sample, 1000);
    const res = await fetch(`${t.baseUrl}/api/events/${eventId}/print-bundle.zip${query}`, {
      headers: { authorization: `Bearer ${organiser.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(file));
    clearInterval(timer);
    sample();
    return { file, peak };
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine, { listen: true });
    [organiser, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
    packageId = (
      await call('POST', `/api/event/${eventId}/packages`, organiser.token, {
        name: 'Gold & Platin',
        description: '',
        price_cents: 100_000,
        capacity: null,
        benefits: [{ title: 'Banner', kind: 'logo', due_date: null, sponsor_delivers: true }],
      })
    ).json().id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'streams the approved originals with the CSV, in bounded memory, to organisers only',
    { timeout: 120_000 },
    async () => {
      // Noise does not compress: each PNG is about 7 MB.
      const side = 1500;
      const noise = Buffer.alloc(side * side * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      const big = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(6_000_000);
      const sponsors: Guest[] = [];
      for (let i = 0; i < 6; i++) sponsors.push(await approvedAsset(big, i === 0 ? '=HYPERLINK("x")' : `Logo ${i}`));
      await approvedAsset(big, 'not approved', false);

      const { file, peak } = await download();
      const all = await unzip(file);
      // The originals at the top; their PNG and PDF variants (decision 089) under png/ and pdf/.
      const entries = all.filter((e) => !e.name.includes('/'));
      const total = all.reduce((sum, e) => sum + e.bytes.length, 0);
      expect(total).toBeGreaterThan(big.length * 6 * 2);
      // Live memory (collected before each sample) of the server and this test's own client together,
      // both in this process: a few files' worth of socket and stream buffers (21-27 MB seen with six
      // 7 MB files), never the bundle, which held in memory would be at least the total.
      expect(peak).toBeLessThan(total * 0.9);
      const names = entries.map((e) => e.name);
      // Every sponsor's address is the name (no profile): safe names, deduplicated by the address.
      expect(names).toHaveLength(7);
      expect(names.at(-1)).toBe('sponsors.csv');
      expect(new Set(names).size).toBe(7);
      for (const [i, guest] of sponsors.entries()) {
        const name = `gold-platin-${safeName(guest.email)}`;
        expect(names[i]).toBe(`${name}.png`);
        expect(Buffer.compare(entries[i]!.bytes, big)).toBe(0);
        const png = all.find((e) => e.name === `png/${name}.png`)!;
        expect((await sharp(png.bytes).metadata()).width).toBe(side);
        const pdf = all.find((e) => e.name === `pdf/${name}.pdf`)!;
        expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
      const csv = entries
        .at(-1)!
        .bytes.toString('utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n');
      expect(csv[0]).toBe('"file","name","website","alt_text","package"');
      expect(csv[1]).toBe(
        `"gold-platin-${safeName(sponsors[0]!.email)}.png","${sponsors[0]!.email}","","'=HYPERLINK(""x"")","Gold & Platin"`,
      );
      expect(csv).toHaveLength(8); // header, six rows, the final line break

      // Another placement has none of them; a stranger and the sponsor get nothing.
      const slide = await unzip((await download('?placement=slide')).file);
      expect(slide.map((e) => e.name)).toEqual(['sponsors.csv']);
      const refused = await call('GET', `/api/events/${eventId}/print-bundle.zip`, stranger.token);
      expect(refused.statusCode).toBe(404);
      expect(
        (await call('GET', `/api/events/${eventId}/print-bundle.zip?placement=stage`, organiser.token)).statusCode,
      ).toBe(400);
    },
  );
});
