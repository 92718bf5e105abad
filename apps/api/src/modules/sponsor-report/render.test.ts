// The report's layout with evidence (generated photos stand in until the evidence module lands):
// every photo is on a page as a thumbnail with its caption, every page is footed, the seal holds,
// in German and in English. Rendered through the worker pool, as the route does.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workPool } from '../../lib/work-pool.ts';
import type { SealKey } from '../agreements/index.ts';
import { loadSealKey } from '../agreements/test-support.ts';
import { pdfsig } from '../agreements/test-support.ts';
import { evidenceFrom } from './evidence.ts';
import type { ReportInput } from './report-input.ts';
import { sampleReport, standInPhotos } from './test-support.ts';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-report-layout-'));
let key: SealKey;
let photos: Buffer[];

async function sealed(report: ReportInput): Promise<{ file: string; bytes: Buffer }> {
  const bytes = Buffer.from(
    await workPool().run<Uint8Array>('sponsor-report.seal', {
      report,
      sealedAt: new Date('2026-11-20T08:00:00Z'),
      key,
    }),
  );
  const file = path.join(dir, `report-${report.language}-${report.deliverables.length}.pdf`);
  fs.writeFileSync(file, bytes);
  return { file, bytes };
}

describe('sponsor report layout', () => {
  beforeAll(async () => {
    key = await loadSealKey({ p12: null, passphrase: '', dataDir: dir });
    photos = await standInPhotos(40);
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('puts all 40 photos of 12 benefits on the pages as thumbnails with their captions, every page footed', async () => {
    const { file, bytes } = await sealed(sampleReport({ photos }));
    expect(await pdfsig(bytes)).toContain('Signature is Valid');
    const images = (await run('pdfimages', ['-list', file])).stdout
      .split('\n')
      .filter((l) => /^\s*\d+\s+\d+\s+image/.test(l));
    expect(images).toHaveLength(40);
    // Thumbnails, not the camera's 1600 × 1200: small enough that 40 of them keep the file light.
    for (const line of images) expect(Number(line.trim().split(/\s+/)[3])).toBeLessThanOrEqual(480);
    expect(bytes.length).toBeLessThan(3 * 1024 * 1024);
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
    for (let i = 1; i <= 40; i++) expect(text).toContain(`Bild ${i}`);
    expect(text.match(/4 Nachweise/g)).toHaveLength(4);
    expect(text.match(/3 Nachweise/g)).toHaveLength(8);
    const pages = Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [file])).stdout)![1]);
    expect(pages).toBeGreaterThanOrEqual(4);
    for (let n = 1; n <= pages; n++) expect(text).toContain(`Seite ${n} von ${pages}`);
  });

  it('writes the English report in English throughout', async () => {
    const { file } = await sealed(sampleReport({ language: 'en', photos: photos.slice(0, 5) }));
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
    for (const expected of [
      'Sponsor report',
      'At a glance',
      'Benefits in detail',
      'Agreement and invoices',
      'Page 1 of',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/Leistung|Seite \d/);
    expect(text).toContain('€14,875.00');
  });

  it('shows the pictures of the delivery evidence, thumbnails with their note, and leaves out links, notes and lost bytes', async () => {
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 1]);
    const addedAt = new Date('2026-06-02T10:00:00Z');
    const item = (id: number, kind: 'photo' | 'screenshot' | 'link' | 'note', bytes: Uint8Array | null) => ({
      id,
      kind,
      note: `Nachweis ${id}`,
      url: kind === 'link' ? 'https://example.org/post' : null,
      width: bytes ? 480 : null,
      height: bytes ? 320 : null,
      addedAt,
      thumbsUp: false,
      comments: 0,
      image: (size: 'thumb' | 'full') => Promise.resolve(size === 'thumb' && bytes ? Buffer.from(bytes) : null),
    });
    const read = evidenceFrom(() =>
      Promise.resolve([
        {
          deliverableId: 3,
          title: 'Logo auf dem Banner',
          status: 'done' as const,
          evidence: [
            item(1, 'photo', photo),
            item(2, 'link', null),
            item(3, 'screenshot', null),
            item(4, 'note', null),
          ],
        },
        { deliverableId: 7, title: 'Stand', status: 'open' as const, evidence: [] },
      ]),
    );
    const pictures = await read(42);
    expect([...pictures.keys()]).toEqual([3, 7]);
    expect(pictures.get(3)).toEqual([
      { bytes: Buffer.from(photo), caption: 'Nachweis 1', takenAt: addedAt.toISOString() },
    ]);
    expect(pictures.get(7)).toEqual([]);
  });
});
