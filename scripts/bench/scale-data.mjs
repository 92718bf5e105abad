// `npm run bench -- --scale-data 1,10,100` (issue 22, point 2): the cost of the hot reads as the data
// grows. Per factor f, on a fresh data directory (SQLite) or a fresh database (PostgreSQL):
//   - the measured organisation through the API as the other steps seed it (seed.mjs: 20 events,
//     5 members, 50 conversations with 10,000 messages; seed-packages.mjs: an event with 10 packages
//     and 100 sponsorships), so its tokens, organiser and counters are the product's own;
//   - 5·f − 1 other organisations straight into the database (scale-bulk.mjs), 4 events and 10
//     conversations of 200 messages each: 1× is 5 organisations, 37 events, 18,000 messages; 100× is
//     500 organisations, 2,017 events, 1,008,000 messages;
//   - a restart, then the start time, the database size and the idle RSS; every factor's server
//     stays up, and each hot read runs on them in alternating rounds (measureReadsInPairs), so the
//     ratio of two sizes is taken side by side in time, not minutes apart on a shared machine.
//     The budget: each read's cost at the largest factor within 1.5× of the smallest, judged on
//     req/s (p99 is in whole ms, too coarse at 1-3 ms; its ratio is printed too).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cannon } from './load.mjs';
import { BULK_SHAPE, insertBulk } from './scale-bulk.mjs';
import { seedPackagedEvent } from './seed-packages.mjs';
import { seed } from './seed.mjs';
import { expectStatus, freePort, rssMb, startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const requireFromApi = createRequire(path.join(root, 'apps/api/package.json'));
/** Fewer connections than the throughput runs: the latencies should show the query, not the queue. */
const CONNECTIONS = 10;
/** The measured organisation's event list page, as the web app asks for it (EVENTS_PAGE_SIZE). */
const EVENTS_PAGE = 10;
const SCALE_BUDGET = 1.5;
/** Measured runs per read and factor, alternating between the factors' servers. */
const ROUNDS = 3;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** `--scale-data 1,10,100` → [1, 10, 100]. */
function parseFactors(text) {
  const factors = String(text ?? '')
    .split(',')
    .map((part) => Number(part.trim()));
  if (factors.length === 0 || factors.some((f) => !Number.isInteger(f) || f < 1 || f > 1000))
    throw new Error(`--scale-data: whole factors between 1 and 1000, comma separated (e.g. 1,10,100), not ${text}`);
  return factors;
}

/** A fresh database per factor beside BENCH_DATABASE_URL's, dropped afterwards. */
async function freshPostgres(baseUrl, factor) {
  const pg = requireFromApi('pg');
  const url = new URL(baseUrl);
  const name = `${url.pathname.slice(1) || 'postgres'}_x${factor}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async sizeMb() {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const { rows } = await client.query('select pg_database_size(current_database()) as bytes');
        return Number(rows[0].bytes) / 1e6;
      } finally {
        await client.end();
      }
    },
    async drop() {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** The SQLite file with its -wal and -shm, in MB. */
function sqliteSizeMb(dataDir) {
  let bytes = 0;
  for (const suffix of ['', '-wal', '-shm']) {
    const file = path.join(dataDir, `sponsoring.sqlite${suffix}`);
    if (fs.existsSync(file)) bytes += fs.statSync(file).size;
  }
  return bytes / 1e6;
}

/** The reads to measure, with the page cursors taken from the answers a client would follow. */
async function hotReads(server, data, packagedEventId) {
  const token = data.organiser.accessToken;
  const get = async (pathname) => (await expectStatus(200, server.baseUrl, 'GET', pathname, { token })).body;
  const list = `/api/events/${data.organisationId}?limit=${EVENTS_PAGE}`;
  // The last page by following the keyset cursor of each page, and by OFFSET as before.
  let page = await get(list);
  let cursorPath = list;
  let pages = 1;
  while (page.length === EVENTS_PAGE) {
    const last = page.at(-1);
    const next = `${list}&after=${encodeURIComponent(`${last.event_date},${last.id}`)}`;
    const following = await get(next);
    if (following.length === 0) break;
    cursorPath = next;
    page = following;
    pages++;
  }
  const reads = [
    ['events list, page 1', list],
    [`events list, last page (${pages}, keyset after=)`, cursorPath],
    [`events list, last page (${pages}, offset=)`, `${list}&offset=${(pages - 1) * EVENTS_PAGE}`],
  ];
  for (const part of ['', '/packages', '/sponsorships'])
    reads.push([
      `event page ${part ? part.slice(1) : 'event'} (10 packages, 100 sponsorships)`,
      `/api/event/${packagedEventId}${part}`,
    ]);
  if (data.chat) {
    const conversationId = data.conversationIds[0];
    reads.push(['conversation list', '/api/conversation']);
    const newest = await get(`/api/conversation/${conversationId}`);
    reads.push(['conversation page, newest 50', `/api/conversation/${conversationId}`]);
    reads.push(['conversation page, older 50 (before=)', `/api/conversation/${conversationId}?before=${newest[0].id}`]);
  }
  return reads;
}

/**
 * One factor's data, seeded and served: a fresh data directory or database with the measured
 * organisation and 5·f − 1 others, its server restarted on the bulk data and left running, so the
 * reads can be measured alternately with the other factors' servers (measureReadsInPairs).
 */
async function prepareFactor({ factor, databaseUrl, log }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sp-bench-scale-x${factor}-`));
  const postgres = databaseUrl ? await freshPostgres(databaseUrl, factor) : null;
  const port = await freePort();
  let server = null;
  const close = async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };
  try {
    server = await startServer({ port, dataDir, databaseUrl: postgres?.url });
    const data = await seed(server, { log });
    const packagedEventId = await seedPackagedEvent(server, data.organiser, { log });
    await server.stop();
    server = null;

    const others = 5 * factor - 1;
    const started = performance.now();
    await insertBulk({
      sqliteFile: path.join(dataDir, 'sponsoring.sqlite'),
      databaseUrl: postgres?.url,
      count: others,
      log,
    });
    const bulkSeconds = (performance.now() - started) / 1000;
    log(`${factor}×: ${others} organisations inserted in bulk in ${fmt(bulkSeconds)} s`);

    server = await startServer({ port, dataDir, databaseUrl: postgres?.url });
    const figures = {
      factor,
      organisations: 1 + others,
      events: data.eventIds.length + 1 + others * BULK_SHAPE.events,
      messages: data.messages + others * BULK_SHAPE.conversations * BULK_SHAPE.messagesPerConversation,
      bulkSeconds,
      startMs: server.startMs,
    };
    await sleep(2000);
    figures.rssIdleMb = rssMb(server.pid);
    figures.dbSizeMb = postgres ? await postgres.sizeMb() : sqliteSizeMb(dataDir);
    figures.reads = {};
    const reads = await hotReads(server, data, packagedEventId);
    const headers = { authorization: `Bearer ${data.organiser.accessToken}` };
    return { factor, server, reads, headers, figures, close };
  } catch (error) {
    await close();
    throw error;
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Each read on every factor's server in turn, ROUNDS times, the order reversed every other round
 * (1×, 100×, 100×, 1×, 1×, 100×): what the shared machine does meanwhile (another job, the
 * writeback of the bulk data) falls on both sides of a pair instead of on one factor's minutes, as
 * when each factor was measured whole after the other (decision 030). A factor's figures are the
 * medians of its rounds; the ratio of two factors is the median of the rounds' paired ratios.
 */
async function measureReadsInPairs(prepared, durations, log) {
  const roundSeconds = Math.max(2, Math.round(durations.http / 2));
  for (let index = 0; index < prepared[0].reads.length; index++) {
    const name = prepared[0].reads[index][0];
    const rounds = prepared.map(() => []);
    for (const p of prepared) {
      const url = p.server.baseUrl + p.reads[index][1];
      await cannon({ url, connections: CONNECTIONS, duration: durations.warmup, headers: p.headers });
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = prepared.map((p, at) => at);
      if (round % 2 === 1) order.reverse();
      for (const at of order) {
        const p = prepared[at];
        const url = p.server.baseUrl + p.reads[index][1];
        rounds[at].push(await cannon({ url, connections: CONNECTIONS, duration: roundSeconds, headers: p.headers }));
      }
    }
    prepared.forEach((p, at) => {
      const r = rounds[at];
      const figure = {
        path: p.reads[index][1],
        p50: median(r.map((x) => x.p50)),
        p99: median(r.map((x) => x.p99)),
        reqPerSec: median(r.map((x) => x.reqPerSec)),
        errors: r.reduce((sum, x) => sum + x.errors, 0),
        rounds: r.map((x) => ({ p50: x.p50, p99: x.p99, reqPerSec: x.reqPerSec })),
      };
      p.figures.reads[name] = figure;
      log(
        `${p.factor}× ${name}: p50 ${figure.p50} ms, p99 ${figure.p99} ms, ${fmt(figure.reqPerSec, 0)} req/s ` +
          `(rounds ${r.map((x) => fmt(x.reqPerSec, 0)).join(', ')})${figure.errors ? `, ${figure.errors} errors` : ''}`,
      );
    });
  }
  for (const p of prepared) p.figures.rssAfterReadsMb = rssMb(p.server.pid);
}

/** req/s of `b` over `a`: the median of the rounds' ratios, each round's two runs side by side in time. */
function pairedRatio(a, b) {
  if (!a.rounds || !b.rounds || a.rounds.length !== b.rounds.length) return b.reqPerSec / a.reqPerSec;
  return median(a.rounds.map((x, round) => b.rounds[round].reqPerSec / x.reqPerSec));
}

/** Prints the data-growth table of one engine and answers its figures with the ratios. */
function printScaleTable(engine, runs) {
  const first = runs[0];
  const lastRun = runs.at(-1);
  console.log(
    `\nCost as data grows, ${engine} (${CONNECTIONS} connections; medians of ${ROUNDS} alternating rounds, ratios paired per round)`,
  );
  const head = ['factor', 'orgs', 'events', 'messages', 'start ms', 'DB MB', 'RSS MB'];
  const rows = runs.map((r) => [
    `${r.factor}×`,
    r.organisations,
    r.events,
    r.messages,
    fmt(r.startMs, 0),
    fmt(r.dbSizeMb),
    fmt(r.rssIdleMb),
  ]);
  printColumns(head, rows);
  const names = Object.keys(first.reads);
  const readHead = [
    'read',
    ...runs.map((r) => `${r.factor}× p50/p99 ms, req/s`),
    `p99 ${lastRun.factor}×/${first.factor}×`,
    'budget',
  ];
  const ratios = {};
  const readRows = names.map((name) => {
    const cells = runs.map((r) => {
      const x = r.reads[name];
      return x
        ? `${fmt(x.p50, 0)}/${fmt(x.p99, 0)}, ${fmt(x.reqPerSec, 0)}${x.errors ? ` (${x.errors} err)` : ''}`
        : 'n/a';
    });
    // p99 in whole ms: 0 ms at 1× would make any ratio infinite, so 1 ms is the floor of both.
    const a = first.reads[name];
    const b = lastRun.reads[name];
    const ratio = a && b ? Math.max(1, b.p99) / Math.max(1, a.p99) : NaN;
    const throughput = a && b ? pairedRatio(a, b) : NaN;
    // The verdict is on req/s (the mean cost per request): autocannon's p99 is in whole ms, and at
    // 1-3 ms one step reads as 1.5-2× (the p99 ratio is printed beside it).
    const ok = throughput >= 1 / SCALE_BUDGET;
    ratios[name] = { p99: ratio, reqPerSec: throughput, ok };
    return [name, ...cells, `req/s ${fmt(throughput, 2)} (p99 ${fmt(ratio, 2)})`, ok ? 'ok' : 'MISS'];
  });
  console.log('');
  printColumns(readHead, readRows);
  return ratios;
}

function printColumns(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** The whole data-growth step for one engine; `databaseUrl` null for SQLite. */
async function scaleData({ factors, engine, databaseUrl, durations, log }) {
  const prepared = [];
  try {
    for (const factor of factors) {
      console.log(`\n== ${engine}, ${factor}× data ==`);
      prepared.push(await prepareFactor({ factor, databaseUrl, log }));
    }
    console.log(`\n== ${engine}: reads, ${ROUNDS} alternating rounds per factor ==`);
    await measureReadsInPairs(prepared, durations, log);
  } finally {
    for (const p of prepared) await p.close();
  }
  const runs = prepared.map((p) => p.figures);
  const ratios = printScaleTable(engine, runs);
  return {
    connections: CONNECTIONS,
    budget: `req/s at ${factors.at(-1)}× at least 1/${SCALE_BUDGET} of ${factors[0]}× (cost per request within ${SCALE_BUDGET}×)`,
    runs,
    ratios,
  };
}

/**
 * `--scale-data`: the data-growth step on SQLite and, with BENCH_DATABASE_URL, PostgreSQL (or the
 * `--engine` one), instead of the other steps; its figures go into bench-results.json under
 * `scaleData`, beside what an earlier full run wrote there.
 */
export async function runScaleDataBench({ factorsText, onlyEngine, durations, log }) {
  const factors = parseFactors(factorsText);
  const scaleResults = { startedAt: new Date().toISOString(), factors, bulkShape: BULK_SHAPE, engines: {} };
  if (onlyEngine !== 'postgresql')
    scaleResults.engines.sqlite = await scaleData({ factors, engine: 'sqlite', databaseUrl: null, durations, log });
  if (onlyEngine !== 'sqlite') {
    if (process.env.BENCH_DATABASE_URL)
      scaleResults.engines.postgresql = await scaleData({
        factors,
        engine: 'postgresql',
        databaseUrl: process.env.BENCH_DATABASE_URL,
        durations,
        log,
      });
    else log('BENCH_DATABASE_URL is not set: PostgreSQL skipped');
  }
  scaleResults.finishedAt = new Date().toISOString();
  const file = path.join(root, 'bench-results.json');
  let results = {};
  try {
    results = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    results = {};
  }
  results.scaleData = scaleResults;
  fs.writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
  const misses = Object.values(scaleResults.engines)
    .flatMap((e) => Object.values(e.ratios))
    .filter((r) => !r.ok).length;
  console.log(`\n${misses} reads over the ${SCALE_BUDGET}× budget; results in bench-results.json under scaleData`);
}
