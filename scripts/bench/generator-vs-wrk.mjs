// Checks the load generator against wrk (decision 046): the same reads of one seeded server asked by
// autocannon as autocannon ships, by the benchmark's lean autocannon and by wrk (C, Debian's package
// `wrk`), in alternation, so each row compares three measurements seconds apart. A generator that
// reports a lower rate or a higher p99 than wrk for the same server is measuring itself.
//
//   node scripts/bench/generator-vs-wrk.mjs [--rounds 2]     (BENCH_DATABASE_URL for PostgreSQL)
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApiIfNeeded } from '../api-build.mjs';
import { leanAutocannon } from './lean-autocannon.mjs';
import { cannon, startBaseline } from './load.mjs';
import { seedPackagedEvent } from './seed-packages.mjs';
import { seed } from './seed.mjs';
import { closeClientAgent, freePort, startServer } from './server.mjs';

const run = promisify(execFile);
const args = process.argv.slice(2);
const rounds = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 2;
const CONNECTIONS = 50;
const SECONDS = 6;

/** wrk's rate and latency percentiles (`--latency`), one thread like autocannon, in ms. */
async function wrk(url, headers) {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const { stdout } = await run('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', ...headerArgs, url]);
  const ms = (text) => {
    const [, value, unit] = /([\d.]+)(us|ms|s)$/.exec(text) ?? [];
    return Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
  };
  const percentile = (p) => ms(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(stdout)?.[1] ?? '');
  return { reqPerSec: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]), p50: percentile(50), p99: percentile(99) };
}

async function autocannonRun(url, headers, lean) {
  leanAutocannon(lean);
  await cannon({ url, connections: CONNECTIONS, duration: 2, headers });
  return cannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
}

const show = (r) => `${Math.round(r.reqPerSec)} req/s, p99 ${Number(r.p99).toFixed(r.p99 < 10 ? 1 : 0)} ms`;

try {
  await run('wrk', ['--version']).catch((error) => {
    if (error.code === 'ENOENT') throw new Error('wrk is not installed (Debian: apt-get install wrk)');
  });
  buildApiIfNeeded();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-generator-'));
  const server = await startServer({ port: await freePort(), dataDir, databaseUrl: process.env.BENCH_DATABASE_URL });
  const baseline = await startBaseline();
  try {
    const data = await seed(server, { log: () => undefined });
    const eventId = await seedPackagedEvent(server, data.organiser);
    const auth = { authorization: `Bearer ${data.organiser.accessToken}` };
    const reads = [
      ['node:http baseline', `${baseline.url}/`, {}],
      ['events list', `${server.baseUrl}/api/events/${data.organisationId}`, auth],
      ['sponsorships', `${server.baseUrl}/api/event/${eventId}/sponsorships`, auth],
      ['conversation list', `${server.baseUrl}/api/conversation`, auth],
      ['conversation page', `${server.baseUrl}/api/conversation/${data.conversationIds[0]}`, auth],
    ];
    console.log(`${CONNECTIONS} connections, ${SECONDS} s each, plain GET; autocannon as shipped | lean | wrk`);
    for (let round = 1; round <= rounds; round++) {
      for (const [name, url, headers] of reads) {
        const shipped = await autocannonRun(url, headers, false);
        const lean = await autocannonRun(url, headers, true);
        const native = await wrk(url, headers);
        console.log(`${round} ${name.padEnd(19)} ${show(shipped)} | ${show(lean)} | ${show(native)}`);
      }
    }
  } finally {
    leanAutocannon(true);
    await baseline.close();
    await server.stop();
    closeClientAgent();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
