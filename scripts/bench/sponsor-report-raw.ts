// Run as a child process by `npm run bench -- --report-only` (sponsor-report.mjs, with tsx): the
// sponsor report of a sponsorship with 12 benefits and 40 photos (generated 1600 × 1200 JPEGs,
// standing in for deliverable evidence), made as the route makes it: one task on the worker pool
// (layout, thumbnails, PAdES seal). Prints one JSON line: per run the milliseconds, the process's
// RSS growth over the run (main thread and pool threads share the process), the main thread's
// longest event-loop pause, the PDF's size; the first run (which loads the libraries) apart, and
// the growth over all runs.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeWorkPool, workPool } from '../../apps/api/src/lib/work-pool.ts';
import { loadSealKey } from '../../apps/api/src/modules/agreements/test-support.ts';
import { sampleReport, standInPhotos } from '../../apps/api/src/modules/sponsor-report/test-support.ts';

const runs = Number(process.argv[2] ?? 3);
const benefits = 12;
const photoCount = 40;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bench-report-'));
const key = await loadSealKey({ p12: null, passphrase: '', dataDir: dir });
const photos = await standInPhotos(photoCount);
const report = sampleReport({ benefits, photos });
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function once() {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  delay.enable();
  const started = performance.now();
  const pdf = await workPool().run<Uint8Array>('sponsor-report.seal', { report, sealedAt: new Date(), key });
  const ms = performance.now() - started;
  delay.disable();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return {
    ms: Math.round(ms),
    rssGrowthMb: mb(peak - rssBefore),
    maxLoopPauseMs: Math.round(delay.max / 1e6),
    pdfKb: Math.round(pdf.byteLength / 1024),
  };
}

// The pool's thread started first (a job no task answers: the thread loads the worker entry and
// refuses it), so the figures are the report's, not a new thread's (which the server starts once
// for all its documents). The first report still loads pdf-lib, sharp and the fonts.
const threadStart = performance.now();
await workPool()
  .run('bench.start-thread', null)
  .catch(() => undefined);
const threadStartMs = Math.round(performance.now() - threadStart);
const rssAtStart = process.memoryUsage.rss();
const first = await once();
const measured = [];
for (let i = 0; i < runs; i++) measured.push(await once());
const totalGrowthMb = mb(process.memoryUsage.rss() - rssAtStart);
await closeWorkPool();
fs.rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ benefits, photos: photoCount, threadStartMs, first, runs: measured, totalGrowthMb }));
