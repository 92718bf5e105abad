// Where the print bundle's time goes (issue 59): seeds and measures the bundle of 200 logos as
// `npm run bench -- --print-bundle-only` does, then restarts the server on the same data with a CPU
// profile (node --cpu-prof), downloads the bundle three times and prints the busy time by function
// (self and inclusive), idle left out.
//
//   node scripts/bench/print-bundle-profile.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { download, printBundleBench } from './print-bundle.mjs';
import { SERVER_NODE_FLAGS } from '../api-build.mjs';
import { summarise } from './profile-summary.mjs';
import { freePort, startServer } from './server.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bundle-profile-'));
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bundle-profile-cpu-'));
// The same port again: the server's tokens name its address as their issuer.
const port = await freePort();
let server = await startServer({ port, dataDir });
const measured = await printBundleBench(server, { dataDir, log: (line) => console.log(`  ${line}`) });
console.log(
  `bundle ${Math.round(measured.ms)} ms, yazl alone ${Math.round(measured.rawMs)} ms, over node:http ${Math.round(measured.rawOverHttpMs)} ms: ${(measured.ms / measured.rawMs).toFixed(2)} x`,
);
await server.stop();
server = await startServer({
  port,
  dataDir,
  nodeArgs: [...SERVER_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${profileDir}`],
});
try {
  for (let run = 0; run < 3; run++)
    console.log(`profiled download ${Math.round((await download(server, measured.token, measured.eventId)).ms)} ms`);
} finally {
  await server.stop();
}
const [file] = fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
console.log(summarise(JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8'))));
console.log(`profile: ${path.join(profileDir, file)} (opens in Chrome DevTools)`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
