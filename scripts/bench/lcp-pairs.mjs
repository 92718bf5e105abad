// Paired LCP comparison of two builds (docs/decisions/012-largest-contentful-paint.md). Each build is
// served by its own production server with a small seeded organisation; Lighthouse and the
// Playwright measurement of the benchmark run on both in alternating order, so that load from other
// work on the machine falls on both alike. Prints every run, then medians and ranges.
//
//   node scripts/bench/lcp-pairs.mjs --save before   copies the current build to .bench-builds/before
//   node scripts/bench/lcp-pairs.mjs before after --runs 7
//   node scripts/bench/lcp-pairs.mjs before current  ('current' is the working tree's build)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApiIfNeeded } from '../api-build.mjs';
import { buildWebIfNeeded } from '../web-build.mjs';
import { lighthouseLike } from './frontend.mjs';
import { lighthouseScores } from './lighthouse.mjs';
import { seed } from './seed.mjs';
import { closeClientAgent, expectStatus, freePort, startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const builds = path.join(root, '.bench-builds');
const args = process.argv.slice(2);

/** The server entry of a saved build; its web build sits where the server looks (../../web/dist). */
function entryOf(name) {
  if (name === 'current') {
    buildWebIfNeeded();
    buildApiIfNeeded();
    return path.join(root, 'apps/api/dist/server.js');
  }
  const entry = path.join(builds, name, 'apps/api/dist/server.js');
  if (!fs.existsSync(entry)) throw new Error(`No saved build "${name}": run with --save ${name} first`);
  return entry;
}

function save(name) {
  buildWebIfNeeded();
  buildApiIfNeeded();
  const target = path.join(builds, name);
  fs.rmSync(target, { recursive: true, force: true });
  for (const dist of ['apps/api/dist', 'apps/web/dist'])
    fs.cpSync(path.join(root, dist), path.join(target, dist), { recursive: true });
  // The server's packages are resolved from its file's location.
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(target, 'node_modules'), 'dir');
  console.log(`saved the current build as ${path.relative(root, target)}`);
}

function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function summary(values, digits) {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return 'n/a';
  const f = (v) => v.toFixed(digits);
  return `${f(median(finite))} (${f(Math.min(...finite))}-${f(Math.max(...finite))}, n=${finite.length})`;
}

async function compare(names, runs) {
  const servers = [];
  try {
    for (const name of names) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sp-lcp-${name}-`));
      const server = await startServer({ port: await freePort(), dataDir, entry: entryOf(name) });
      servers.push({ name, server, dataDir });
      const data = await seed(server, { events: 6, members: 1, conversations: 3, messagesPerConversation: 5 });
      const config = (await expectStatus(200, server.baseUrl, 'GET', '/config.json')).body;
      Object.assign(servers.at(-1), {
        options: { baseUrl: server.baseUrl, organiser: data.organiser, clientId: config.clientId },
      });
    }
    const results = Object.fromEntries(names.map((name) => [name, []]));
    for (let run = 0; run < runs; run++) {
      for (const { name, options } of run % 2 ? [...servers].reverse() : servers) {
        const lighthouse = await lighthouseScores(options);
        const playwright = await lighthouseLike(options);
        const row = {};
        for (const page of ['login', 'dashboard']) {
          row[page] = {
            score: lighthouse[page]?.score ?? NaN,
            lighthouseLcp: lighthouse[page]?.lcpMs ?? NaN,
            playwrightLcp: playwright[page]?.lcpMs ?? NaN,
            // What else the score is made of, to see why it moved.
            fcp: Math.round(lighthouse[page]?.fcpMs ?? NaN),
            tbt: Math.round(lighthouse[page]?.tbtMs ?? NaN),
            cls: lighthouse[page]?.cls ?? NaN,
          };
        }
        results[name].push(row);
        console.log(`${name} run ${run + 1}: ${JSON.stringify(row)}`);
      }
    }
    console.log('\nmedian (range, runs)');
    for (const name of names) {
      for (const page of ['login', 'dashboard']) {
        const rows = results[name].map((row) => row[page]);
        console.log(
          `${name.padEnd(12)} ${page.padEnd(9)} Lighthouse LCP ${summary(
            rows.map((r) => r.lighthouseLcp),
            0,
          )} ms, ` +
            `score ${summary(
              rows.map((r) => r.score),
              2,
            )}; Playwright LCP ${summary(
              rows.map((r) => r.playwrightLcp),
              0,
            )} ms`,
        );
      }
    }
  } finally {
    for (const { server, dataDir } of servers) {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    closeClientAgent();
  }
}

const saveIndex = args.indexOf('--save');
const runsIndex = args.indexOf('--runs');
if (saveIndex >= 0) save(args[saveIndex + 1] ?? 'before');
else {
  const runs = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 5;
  const names = args.filter((arg, i) => !arg.startsWith('--') && (runsIndex < 0 || i !== runsIndex + 1));
  if (names.length !== 2 || !(runs > 0)) {
    console.error('usage: node scripts/bench/lcp-pairs.mjs <build> <build> [--runs N]  (or --save <name>)');
    process.exit(2);
  }
  await compare(names, runs);
}
