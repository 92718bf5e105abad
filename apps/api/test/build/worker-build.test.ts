// The worker pool's entry in the production build (decision 093): scripts/api-build.mjs makes
// dist/document-worker.js beside dist/server.js, lib/work-pool.ts finds it from server.js or a chunk,
// and a thread started on it under plain node (no tsx) answers what the sources answer.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { workerEntry } from '../../src/lib/work-pool.ts';
import runTask from '../../src/document-worker.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dist = path.join(root, 'apps/api/dist');

describe('the document worker in the build', () => {
  it('is built, found from the bundle, and makes the same bytes as the sources', async () => {
    execFileSync(process.execPath, [path.join(root, 'scripts/api-build.mjs')], { cwd: root, stdio: 'pipe' });
    const worker = path.join(dist, 'document-worker.js');
    expect(fs.existsSync(worker)).toBe(true);
    const chunk = pathToFileURL(path.join(dist, 'chunks', 'any.js')).href;
    expect(workerEntry(chunk).filename).toBe(pathToFileURL(worker).href);
    expect(workerEntry(pathToFileURL(path.join(dist, 'server.js')).href).execArgv).toEqual([]);
    // The sources (under tsx) point at the TypeScript entry with tsx.
    expect(workerEntry().filename).toMatch(/document-worker\.ts$/);

    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#ff8800' } })
      .png()
      .toBuffer();
    const script = `
      import { Piscina } from 'piscina';
      const pool = new Piscina({ filename: ${JSON.stringify(pathToFileURL(worker).href)} });
      const input = Buffer.from(${JSON.stringify(png.toString('base64'))}, 'base64');
      const made = await pool.run({ task: 'logo.reencode', input, now: Date.now() });
      process.stdout.write(JSON.stringify({ b64: Buffer.from(made.data).toString('base64'), w: made.width }));
      await pool.destroy();
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.join(root, 'apps/api'),
      encoding: 'utf8',
    });
    const built = JSON.parse(out) as { b64: string; w: number };
    const sources = (await runTask({ task: 'logo.reencode', input: png, now: Date.now() })) as {
      data: Uint8Array;
      width: number;
    };
    expect(built.w).toBe(sources.width);
    expect(Buffer.from(built.b64, 'base64').equals(Buffer.from(sources.data))).toBe(true);
  }, 120_000);
});
