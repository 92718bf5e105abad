// What the organiser dashboard loads, and when, under the benchmark's throttling (Playwright, mobile
// emulation, 4x CPU, 150 ms RTT / 1.6 Mbit/s): every request's start and end, first paint and LCP.
// A diagnostic for decision 012, not part of `npm run bench`.
//
//   node scripts/bench/waterfall.mjs [--runs N] [--page login|dashboard] [--filmstrip DIR]
//
// --filmstrip DIR writes screenshots of the first run at fixed times into DIR, to see what paints when.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApiIfNeeded } from '../api-build.mjs';
import { buildWebIfNeeded } from '../web-build.mjs';
import { CHROMIUM_ARGS, storeSession, throttle } from './frontend.mjs';
import { seed } from './seed.mjs';
import { closeClientAgent, expectStatus, freePort, startServer } from './server.mjs';

const args = process.argv.slice(2);
const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 1);
const pageName = args.includes('--page') ? args[args.indexOf('--page') + 1] : 'dashboard';
const filmstrip = args.includes('--filmstrip') ? args[args.indexOf('--filmstrip') + 1] : null;
const FILMSTRIP_MS = [400, 800, 1200, 1600, 2000, 2500, 3500];

buildWebIfNeeded();
buildApiIfNeeded();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-waterfall-'));
const server = await startServer({ port: await freePort(), dataDir });
const { chromium } = await import('playwright');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  const data = await seed(server, { events: 6, members: 1, conversations: 3, messagesPerConversation: 5 });
  const config = (await expectStatus(200, server.baseUrl, 'GET', '/config.json')).body;
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    if (pageName === 'dashboard') await storeSession(page, server.baseUrl, config.clientId, data.organiser);
    await throttle(context, page);
    const url = `${server.baseUrl}${pageName === 'dashboard' ? '/dashboard/organizer/' : '/login/'}`;
    const loaded = page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    if (filmstrip && run === 0) {
      fs.mkdirSync(filmstrip, { recursive: true });
      const started = Date.now();
      for (const at of FILMSTRIP_MS) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - (Date.now() - started))));
        await page.screenshot({ path: path.join(filmstrip, `${String(at).padStart(4, '0')}ms.png`) }).catch(() => undefined);
      }
    }
    await loaded;
    await page.waitForTimeout(500);
    const timeline = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const items = performance.getEntriesByType('resource').map((e) => ({
            name: e.name.replace(/^https?:\/\/[^/]+/, ''),
            start: e.startTime,
            end: e.responseEnd,
            size: e.encodedBodySize,
          }));
          for (const e of performance.getEntriesByType('paint')) items.push({ name: e.name, start: e.startTime });
          for (const e of performance.getEntriesByType('mark'))
            items.push({ name: `mark ${e.name}`, start: e.startTime });
          new PerformanceObserver((list) => {
            for (const e of list.getEntries())
              items.push({ name: `LCP ${e.element?.textContent?.slice(0, 50) ?? ''}`, start: e.startTime });
            resolve(items);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    console.log(`\nrun ${run + 1}`);
    for (const item of timeline.sort((a, b) => a.start - b.start)) {
      const span = item.end === undefined ? '' : ` → ${item.end.toFixed(0).padStart(5)} ms`;
      const size = item.size ? ` ${(item.size / 1000).toFixed(1)} kB` : '';
      console.log(`${item.start.toFixed(0).padStart(5)} ms${span.padEnd(11)} ${item.name}${size}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await closeClientAgent?.();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
