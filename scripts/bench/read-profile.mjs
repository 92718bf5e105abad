// Where the server's time goes under one read (or message posts): starts the production server with a CPU profile
// (node --cpu-prof), seeds as the benchmark does, runs each read for 10 s between two baseline runs
// (the ratio as `npm run bench` takes it, decision 033), then prints the profile's busy time by
// function (self) and by caller (inclusive), idle left out. The README's "Where a read's time goes".
//
//   node scripts/bench/read-profile.mjs                     SQLite, the sponsorships read
//   BENCH_DATABASE_URL=postgres://... node scripts/bench/read-profile.mjs sponsorships conversations
//
// Reads: events, event, packages, sponsorships, conversations, conversation. `--browser` asks as the
// web app does (compressed). `post` profiles message posts instead, against the raw durable insert
// rate as `npm run bench` takes it. The PostgreSQL database keeps its tables: use one of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BROWSER_ACCEPT_ENCODING, cannon, startBaseline } from './load.mjs';
import { summarise } from './profile-summary.mjs';
import { seed } from './seed.mjs';
import { seedPackagedEvent } from './seed-packages.mjs';
import { freePort, startServer } from './server.mjs';
import { rawInsertRate } from './raw-insert-rate.mjs';

const args = process.argv.slice(2);
const browser = args.includes('--browser');
const names = args.filter((arg) => !arg.startsWith('--'));

function readPaths(data, eventId) {
  return {
    events: `/api/events/${data.organisationId}`,
    event: `/api/event/${eventId}`,
    packages: `/api/event/${eventId}/packages`,
    sponsorships: `/api/event/${eventId}/sponsorships`,
    conversations: '/api/conversation',
    conversation: `/api/conversation/${data.conversationIds[0]}`,
    post: `/api/conversation/${data.conversationIds[1]}/message`,
  };
}

const READS = ['events', 'event', 'packages', 'sponsorships', 'conversations', 'conversation', 'post'];
const POST_BODY = JSON.stringify({ message: 'Benchmark-Nachricht: bitte die Vereinbarung prüfen.', type: 'text' });
const unknown = names.filter((name) => !READS.includes(name));
if (unknown.length) throw new Error(`unknown read "${unknown.join('", "')}"; one of ${READS.join(', ')}`);

const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-read-profile-'));
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-read-profile-cpu-'));
const port = await freePort();
let server = await startServer({ port, dataDir, databaseUrl });
const data = await seed(server, {});
const eventId = await seedPackagedEvent(server, data.organiser, {});
await server.stop();
// Profiled from a fresh start, as `npm run bench` measures a restarted server.
server = await startServer({ port, dataDir, databaseUrl, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] });
const baseline = await startBaseline();
const paths = readPaths(data, eventId);
const headers = {
  authorization: `Bearer ${data.organiser.accessToken}`,
  ...(browser ? { 'accept-encoding': BROWSER_ACCEPT_ENCODING } : {}),
};
try {
  for (const name of names.length ? names : ['sponsorships']) {
    const url = server.baseUrl + paths[name];
    if (name === 'post') {
      const raw = await rawInsertRate({ databaseUrl, seconds: 5 });
      const post = {
        url,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: POST_BODY,
      };
      const posts = await cannon({ ...post, connections: 50, duration: 10 });
      console.log(
        `post: ${Math.round(posts.reqPerSec)} msg/s, p99 ${posts.p99} ms, raw durable inserts ${Math.round(raw.rowsPerSec)} rows/s, ratio ${(posts.reqPerSec / raw.rowsPerSec).toFixed(2)}`,
      );
      continue;
    }
    await cannon({ url, connections: 50, duration: 3, headers });
    const before = await cannon({ url: baseline.url, connections: 50, duration: 5 });
    const read = await cannon({ url, connections: 50, duration: 10, headers });
    const after = await cannon({ url: baseline.url, connections: 50, duration: 5 });
    const beside = (before.reqPerSec + after.reqPerSec) / 2;
    console.log(
      `${name}: ${Math.round(read.reqPerSec)} req/s, p99 ${read.p99} ms, baseline beside it ${Math.round(beside)} req/s, ratio ${(read.reqPerSec / beside).toFixed(2)}`,
    );
  }
} finally {
  await server.stop();
  await baseline.close();
}
// The profile is written when the server exits; it covers the server's start (busy, a small share)
// and the baseline runs (idle, left out).
const [file] = fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
console.log(summarise(JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8'))));
console.log(`profile: ${path.join(profileDir, file)} (opens in Chrome DevTools)`);
process.exit(0);
