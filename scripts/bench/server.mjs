// The product under measurement: the production server started as `npm start` starts it (NODE_ENV
// production, the built web app, the API bundle run by plain node), as a child process on 127.0.0.1 with a temporary data directory,
// so that its memory and start time are its own. Also a small HTTP client for the API.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS, apiEntry } from '../api-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MAILBOX_TOKEN = 'bench-mailbox-token';
/** The wall counter's batch interval on the benchmark's servers: what a SIGKILL may lose at most. */
export const WALL_STATS_FLUSH_MS = 1000;
/** Not a secret: the benchmark's databases hold only seeded data. */
const BENCH_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port on 127.0.0.1 that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function healthStatus(port) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', () => resolve(0));
    req.setTimeout(1000, () => req.destroy());
  });
}

/**
 * Starts the server and resolves once /api/health answers 200. `startMs` is the time from spawning
 * the process to that answer (polled every 10 ms). `nodeArgs` go to node before the entry, e.g.
 * `['--cpu-prof']` to profile the server under a load. `entry` is another copy of the built server
 * (it serves the web build at ../../web/dist from itself), for comparing builds. `env` adds to or
 * overrides the server's environment (e.g. METRICS_TOKEN).
 */
export async function startServer({
  port,
  dataDir,
  databaseUrl,
  timeoutMs = 60_000,
  nodeArgs = SERVER_NODE_FLAGS,
  entry = apiEntry,
  env: extraEnv = {},
}) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    MAILBOX_TOKEN,
    // Every benchmark server seals two-factor secrets with one key (decision 045), so a run on the
    // PostgreSQL database of an earlier run (another temporary DATA_DIR) starts; the data is throwaway.
    IDENTITY_SECRETS_KEY: BENCH_SECRETS_KEY,
    // The seed signs up every user from 127.0.0.1: the identity provider's limits per address
    // (decision 016) would stop it; they are not what the benchmarks measure.
    RATE_LIMIT_SIGN_IN_FAILURES: 'off',
    RATE_LIMIT_SIGN_UPS: 'off',
    RATE_LIMIT_FORGOT_PASSWORD: 'off',
    RATE_LIMIT_CODE_SUBMISSIONS: 'off',
    // The check-in figure's two doors share one account (decision 086's limit is not what it measures).
    RATE_LIMIT_CHECK_INS: 'off',
    // The readiness seed returns 200 signed agreements from 127.0.0.1 (scripts/bench/readiness.mjs).
    RATE_LIMIT_UPLOADS: 'off',
    // The print-bundle seed (print-bundle.mjs) uploads 400 files and uses 200 invitation links from
    // 127.0.0.1 within a minute; the per-address upload and link limits are not what it measures.
    RATE_LIMIT_UPLOAD_MB: 'off',
    // The heavy-work uploads figure (heavy-uploads.mjs) sends four clients' largest verification bodies
    // from 127.0.0.1 in each of three rounds; the per-address byte budget is not what it measures.
    RATE_LIMIT_VERIFY_MB: 'off',
    RATE_LIMIT_INVITATION_TOKEN: 'off',
    // The wall figure's load comes from one address (scripts/bench/wall-stats.mjs); its batches every second.
    RATE_LIMIT_WALL_STATS: 'off',
    WALL_STATS_FLUSH_MS: String(WALL_STATS_FLUSH_MS),
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`The server exited (${JSON.stringify(exited)}) before it answered:\n${output}`);
    if ((await healthStatus(port)) === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /api/health within ${timeoutMs} ms:\n${output}`);
    }
    await sleep(10);
  }
  const startMs = performance.now() - started;
  // The start prints its banner right after listening; give it a moment to arrive.
  for (let i = 0; i < 50 && !/Invitation code:/.test(output); i++) await sleep(20);
  const invitationCode = /Invitation code:\s+(\S+)/.exec(output)?.[1] ?? null;

  return {
    pid: child.pid,
    /** The child process, for a test that kills it and waits for its exit. */
    process: child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    startMs,
    invitationCode,
    output: () => output,
    /** Kills the process at once (SIGKILL): nothing of it gets to finish. */
    async kill() {
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await done;
    },
    async stop() {
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(timer);
    },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One JSON request to the server; resolves with status, parsed body and headers (never rejects on 4xx/5xx). */
export function request(baseUrl, method, pathname, { body, token, headers = {}, timeoutMs = 30_000 } = {}) {
  const url = new URL(pathname, baseUrl);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent,
        headers: {
          accept: 'application/json',
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, body: json, text, headers: res.headers });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${pathname} timed out`)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Like `request`, but throws unless the status is the expected one. */
export async function expectStatus(expected, ...args) {
  const response = await request(...args);
  const ok = Array.isArray(expected) ? expected.includes(response.status) : response.status === expected;
  if (!ok) throw new Error(`${args[1]} ${args[2]} answered ${response.status}: ${response.text.slice(0, 300)}`);
  return response;
}

export function closeClientAgent() {
  agent.destroy();
}
