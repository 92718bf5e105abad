// `npm run bench -- --metrics-scrape-only` (issue 63, decision 100): the read budgets of the read run
// (each read >= 0.30 x the node:http baseline, p99 < 10 ms, no errors) measured twice per read, side
// by side: on a server without METRICS_TOKEN (nothing collected, as a server runs by default) and on
// the same data with METRICS_TOKEN set and GET /metrics scraped every second, as Prometheus would.
// The two servers take turns per read (restarted on the same data directory), and which goes first
// alternates, so that the drift of this shared machine over minutes falls on both alike.
import fs from 'node:fs';
import { BROWSER_ACCEPT_ENCODING, cannon, percentile } from './load.mjs';
import { expectStatus, request, startServer } from './server.mjs';

/** Not a secret: the benchmark's servers hold only seeded data. */
const METRICS_TOKEN = 'bench-metrics-token';

/** The reads of the read-budget run, [name, path]: the same list bench.mjs measures. */
export function benchReads({ data, packagedEventId, readinessEventId, readinessOnly }) {
  const reads = readinessOnly ? [] : [['GET /api/events/{org}', `/api/events/${data.organisationId}`]];
  // The organiser's event page of an event with 10 packages and 100 sponsorships (issue 18).
  for (const part of readinessOnly ? [] : ['', '/packages', '/sponsorships'])
    reads.push([`GET /api/event/{id}${part} (10 packages, 100 sponsorships)`, `/api/event/${packagedEventId}${part}`]);
  // The readiness board of an event with 200 sponsorships x 8 deliverables (issue 59).
  reads.push([
    'GET /api/events/{id}/readiness (200 sponsorships x 8 deliverables)',
    `/api/events/${readinessEventId}/readiness`,
  ]);
  if (data.chat && !readinessOnly) {
    reads.push(['GET /api/conversation', '/api/conversation']);
    reads.push(['GET /api/conversation/{id}', `/api/conversation/${data.conversationIds[0]}`]);
  }
  return reads;
}

/** Each read as the web app asks (compressed) and as a plain client asks, as in bench.mjs. */
export const ASKINGS = [
  ['', {}],
  [', as the browser asks', { 'accept-encoding': BROWSER_ACCEPT_ENCODING }],
];

/** CPU time (user + system) of a process so far, in ms, from /proc (Linux); NaN elsewhere. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** GET /metrics every `everyMs` until stopped; what the scrapes took and whether each answered 200. */
function startScraper(baseUrl, everyMs = 1000) {
  const times = [];
  let failures = 0;
  let bytes = 0;
  let running = Promise.resolve();
  const scrapeOnce = async () => {
    const started = performance.now();
    try {
      const res = await request(baseUrl, 'GET', '/metrics', { token: METRICS_TOKEN, timeoutMs: 5000 });
      if (res.status !== 200 || !res.text.includes('sp_http_request_duration_seconds_count')) failures++;
      bytes = Buffer.byteLength(res.text);
    } catch {
      failures++;
    }
    times.push(performance.now() - started);
  };
  const timer = setInterval(() => (running = scrapeOnce()), everyMs);
  let stopped = null;
  return {
    /** Stops the scrapes (once; later calls give the same figures). */
    stop() {
      stopped ??= (async () => {
        clearInterval(timer);
        await running;
        const sorted = [...times].sort((a, b) => a - b);
        return { scrapes: times.length, failures, bytes, p50: percentile(sorted, 50), max: sorted.at(-1) ?? NaN };
      })();
      return stopped;
    },
  };
}

/**
 * Measures every read on both servers. `base` is the baseline of the run's start (the budget's
 * reference, as in bench.mjs); `baselineBeside()` measures node:http again beside each read. `row`
 * adds a row to bench.mjs's table, `rows` is that table (to set the text of the row just added).
 */
export async function metricsScrapeRows({
  engine,
  figures,
  reads,
  token,
  port,
  dataDir,
  databaseUrl,
  durations,
  connections,
  base,
  baselineBeside,
  row,
  rows,
  fmt,
  log,
}) {
  const auth = { authorization: `Bearer ${token}` };
  figures.metricsScrape = {};
  const scrapeTotals = { scrapes: 0, failures: 0, bytes: 0, p50s: [], max: 0 };
  let turn = 0;
  const measure = async (scraped, pathname, headers) => {
    const env = scraped ? { METRICS_TOKEN } : {};
    const server = await startServer({ port, dataDir, databaseUrl, env });
    const scraper = scraped ? startScraper(server.baseUrl) : null;
    try {
      await expectStatus(200, server.baseUrl, 'GET', pathname, { token });
      const url = server.baseUrl + pathname;
      await cannon({ url, connections, duration: durations.warmup, headers });
      const cpuBefore = cpuMs(server.pid);
      const r = await cannon({ url, connections, duration: durations.http, headers });
      // The server's CPU per answer: what metrics cost it, less moved by this shared machine's
      // other load than the rate is (the rate also waits for the CPU the others take).
      r.serverCpuUsPerRequest = ((cpuMs(server.pid) - cpuBefore) * 1000) / r.total;
      if (scraper) {
        const s = await scraper.stop();
        scrapeTotals.scrapes += s.scrapes;
        scrapeTotals.failures += s.failures;
        scrapeTotals.bytes = s.bytes;
        scrapeTotals.p50s.push(s.p50);
        scrapeTotals.max = Math.max(scrapeTotals.max, s.max);
        r.scrapes = s;
      }
      return r;
    } finally {
      if (scraper) await scraper.stop();
      await server.stop();
    }
  };
  let before = await baselineBeside();
  for (const [readName, pathname] of reads) {
    for (const [asking, extraHeaders] of ASKINGS) {
      const name = `${readName}${asking}`;
      const headers = { ...auth, ...extraHeaders };
      const order = turn++ % 2 === 0 ? [false, true] : [true, false];
      log(`${name}: without and with scraping (${order[0] ? 'scraped' : 'unscraped'} first)`);
      const byScraped = {};
      for (const scraped of order) byScraped[scraped] = await measure(scraped, pathname, headers);
      const after = await baselineBeside();
      const beside = (before + after) / 2;
      before = after;
      const off = byScraped[false];
      const on = byScraped[true];
      figures.metricsScrape[name] = { without: off, scraped: on, baselineBeside: beside };
      const okOf = (r) => r.reqPerSec / base.reqPerSec >= 0.3 && r.p99 < 10 && r.errors === 0;
      log(
        `  without ${fmt(off.reqPerSec, 0)} req/s p99 ${off.p99} ms; scraped ${fmt(on.reqPerSec, 0)} req/s p99 ${on.p99} ms` +
          ` (${on.scrapes.scrapes} scrapes, ${on.scrapes.failures} failed)`,
      );
      row(engine, `${name} req/s without / scraped`, on.reqPerSec, 'req/s', '>= 0.30 x baseline', null);
      rows.at(-1).text =
        `${fmt(off.reqPerSec, 0)} / ${fmt(on.reqPerSec, 0)} (${fmt(off.reqPerSec / base.reqPerSec, 2)} / ` +
        `${fmt(on.reqPerSec / base.reqPerSec, 2)} x baseline; beside it ${fmt(off.reqPerSec / beside, 2)} / ` +
        `${fmt(on.reqPerSec / beside, 2)})`;
      row(engine, `${name} p99 without / scraped`, on.p99, 'ms', '< 10', null);
      rows.at(-1).text =
        `${fmt(off.p99, 0)} / ${fmt(on.p99, 0)}${off.errors + on.errors ? ` (${off.errors} / ${on.errors} errors)` : ''}`;
      row(engine, `${name} budgets without scraping`, NaN, '', 'all three', okOf(off));
      row(engine, `${name} budgets scraped every second`, NaN, '', 'all three', okOf(on) && on.scrapes.failures === 0);
      row(
        engine,
        `${name} scraped of without`,
        on.reqPerSec / off.reqPerSec,
        '',
        null,
        null,
        on.reqPerSec / off.reqPerSec,
      );
      const cpuRatio = on.serverCpuUsPerRequest / off.serverCpuUsPerRequest;
      row(
        engine,
        `${name} server CPU per answer without / scraped`,
        on.serverCpuUsPerRequest,
        'µs',
        null,
        null,
        cpuRatio,
      );
      rows.at(-1).text = `${fmt(off.serverCpuUsPerRequest, 0)} / ${fmt(on.serverCpuUsPerRequest, 0)} µs`;
    }
  }
  const p50 = [...scrapeTotals.p50s].sort((a, b) => a - b);
  figures.metricsScrape.scrapes = { ...scrapeTotals, p50: percentile(p50, 50) };
  row(
    engine,
    'scrapes of /metrics: answered / failed',
    scrapeTotals.failures,
    '',
    '0 failed',
    scrapeTotals.failures === 0,
  );
  rows.at(-1).text =
    `${scrapeTotals.scrapes - scrapeTotals.failures} / ${scrapeTotals.failures} ` +
    `(median scrape ${fmt(percentile(p50, 50), 1)} ms, longest ${fmt(scrapeTotals.max, 0)} ms, ${fmt(scrapeTotals.bytes / 1000, 0)} kB)`;
}
