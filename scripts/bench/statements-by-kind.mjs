// Where the 200-user mixed load's PostgreSQL work comes from (decision 042): each kind of request of
// the mix alone, some with a quarter of posts, then the mix itself, each for a few seconds with 200
// users on the benchmark's seed, printing per request the statements the server ran (transactions
// counted by PostgreSQL, each statement outside a transaction being one), the server's CPU and the
// CPU of all PostgreSQL processes (from /proc). Not part of `npm run bench`: a tool for whoever
// works on the mixed load.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch node scripts/bench/statements-by-kind.mjs \
//     [--seconds 10] [--kinds events,list,conversation,post,events+post,list+post,conversation+post,mix]
//
// The database should be one of its own: the seed's tables stay.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SERVER_NODE_FLAGS, buildApiIfNeeded } from '../api-build.mjs';
import { freePort, startServer } from './server.mjs';
import { seed } from './seed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pg = createRequire(path.join(root, 'apps/api/package.json'))('pg');

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    kinds: { type: 'string', default: 'events,list,conversation,post,events+post,list+post,conversation+post,mix' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL database of its own.');
const USERS = 200;
const CLOCK_TICKS = 100; // USER_HZ on Linux

/** CPU seconds (user + system) of one process. */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** CPU seconds of every process named postgres (the backends, the WAL writer, the checkpointer). */
function postgresCpuSeconds() {
  let sum = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') sum += cpuSeconds(pid);
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: USERS });
function call(baseUrl, token, [method, pathname, body]) {
  const payload = body ? JSON.stringify(body) : null;
  const headers = { authorization: `Bearer ${token}` };
  if (payload)
    Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(pathname, baseUrl), { method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode < 300 ? resolve() : reject(new Error(`${method} ${pathname}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end(payload);
  });
}

buildApiIfNeeded();
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-statements-'));
const nodeArgs = values['cpu-prof']
  ? [...SERVER_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${dataDir}`]
  : SERVER_NODE_FLAGS;
const server = await startServer({ port, dataDir, databaseUrl, nodeArgs });
const counter = new pg.Client({ connectionString: databaseUrl });
await counter.connect();
/** Transactions of this database so far; each statement outside a transaction counts as one. */
const transactions = async () =>
  Number(
    (
      await counter.query(
        'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
      )
    ).rows[0].n,
  );

try {
  const data = await seed(server, {});
  const users = [data.organiser, ...data.team];
  const conversation = (i) => data.conversationIds[i % data.conversationIds.length];
  const request = {
    events: () => ['GET', `/api/events/${data.organisationId}`],
    list: () => ['GET', '/api/conversation'],
    conversation: (i) => ['GET', `/api/conversation/${conversation(i)}`],
    post: (i) => ['POST', `/api/conversation/${conversation(i)}/message`, { message: `kind ${i}`, type: 'text' }],
    // As scripts/bench/load.mjs mixes them: with 50 conversations, a user's reads of a conversation
    // (step % 4 === 2) and posts (step % 4 === 3) never meet in the same conversation.
    mix: (i) => request[['events', 'list', 'conversation', 'post'][i % 4]](i),
  };
  for (const kind of values.kinds.split(',')) {
    const [read, withPosts] = kind.split('+');
    const next = withPosts ? (i) => request[i % 4 === 3 ? 'post' : read](i) : request[kind];
    if (!next) throw new Error(`Unknown kind ${kind}`);
    let step = 0;
    let answered = 0;
    let failed = 0;
    const before = {
      transactions: await transactions(),
      server: cpuSeconds(server.pid),
      postgres: postgresCpuSeconds(),
    };
    const began = performance.now();
    const until = began + Number(values.seconds) * 1000;
    await Promise.all(
      Array.from({ length: USERS }, async (_, user) => {
        while (performance.now() < until) {
          try {
            await call(server.baseUrl, users[user % users.length].accessToken, next(step++));
            answered++;
          } catch {
            failed++;
          }
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    // The counting query itself is one transaction.
    const statements = (await transactions()) - before.transactions - 1;
    const perRequest = (cpu) => `${Math.round((cpu * 1e6) / answered)} µs`;
    console.log(
      [
        kind.padEnd(18),
        `${String(Math.round(answered / seconds)).padStart(6)} req/s`,
        `statements ${(statements / answered).toFixed(2)}`,
        `server CPU ${perRequest(cpuSeconds(server.pid) - before.server)}`,
        `PostgreSQL CPU ${perRequest(postgresCpuSeconds() - before.postgres)}`,
        `errors ${failed}`,
      ].join('  '),
    );
  }
} finally {
  await counter.end();
  await server.stop();
  agent.destroy();
  if (values['cpu-prof']) console.log(`CPU profile in ${dataDir}`);
}
