// The runtime under garbage collection (issue 17). better-sqlite3 before 13 aborted the process on
// Node 24.19+ (`Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook) when the garbage
// collector, running on its own, destroyed a dropped prepared statement; an explicit gc() never did.
// Two checks, on the Node that runs the tests (24 in the main run, 22 in `npm test -- node22`):
// - the product's SQLite adapter prepares and drops thousands of statements between allocations that
//   make the collector run (this one failed on every run with better-sqlite3 12 on Node 24.21);
// - the built server, with no statement reuse and V8's idle-time collector starting early, under
//   bursts of load with idle pauses between them, stays up and answers every request.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { client, freePort, kill, printedInvitationCode, root, startServer, type Server } from '../child-server.ts';

const LOAD_MS = 8_000;
const BURST_MS = 500;

function buildServerBundle() {
  const built = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "(await import('./scripts/api-build.mjs')).buildApiIfNeeded();"],
    { cwd: root, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`API build failed: ${built.stderr}`);
}

describe(`the SQLite adapter on Node ${process.versions.node}`, () => {
  it('survives statements prepared, dropped and collected by the garbage collector', () => {
    const churn = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/test/runtime/statement-churn.ts'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(churn.stderr).not.toMatch(/Assertion failed/);
    expect(churn.signal, churn.stderr).toBeNull();
    expect(churn.status, churn.stderr).toBe(0);
    expect(churn.stdout).toContain('statement churn survived');
  }, 90_000);
});

describe(`the built server on Node ${process.versions.node} under load with early idle-time garbage collection`, () => {
  let server: Server | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    if (server) await kill(server, 'SIGTERM');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays up while statements are prepared, dropped and collected under load (SQLite)', async () => {
    buildServerBundle();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-gc-'));
    server = await startServer(
      {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SMTP_URL: '',
        RATE_LIMIT_GUEST_CHAT: 'off',
        // No statement is reused: each query's statement is dropped for the collector, as Kysely's
        // driver alone would do and as a server with a full cache does with the oldest.
        SQLITE_STATEMENT_CACHE: '0',
      },
      await freePort(),
      // V8's memory reducer collects garbage from a task when the process goes idle; its first run,
      // 8 s after start by default, is where better-sqlite3 12 aborted. Here it starts after 100 ms.
      ['--gc-memory-reducer-start-delay-ms=100', 'apps/api/dist/server.js'],
    );
    const { api, onboardOrganiser } = client(server.base);
    const { token, organisationId } = await onboardOrganiser(
      `gc.organiser.${Date.now()}@example.org`,
      printedInvitationCode(server),
      'Speicherbereinigung e.V.',
    );
    const event = { event_date: '2026-07-04', location: 'Halle', description: 'GC test.' };
    const eventId = (await api('POST', '/api/event/-1', token, { ...event, title: 'gc-0' })).json().id as number;
    const invited = await api('POST', '/api/sponsor-invitation', token, {
      email: 'gc.sponsor@example.org',
      event_id: eventId,
    });
    const guest = `${new URL(invited.json().url as string).searchParams.get('token')}:gc.sponsor@example.org`;
    const conversationId = (await api('GET', '/api/token/conversation', guest)).json()[0]!.id as number;

    // Writers and readers together: every request runs queries, each a statement prepared and dropped.
    // Bursts of load with idle pauses between them, so the collector runs both under load and idle.
    const counts = { ok: 0, failed: 0 };
    const until = Date.now() + LOAD_MS;
    const idle = () => Math.floor((Date.now() - started) / BURST_MS) % 2 === 1;
    const started = Date.now();
    const worker = async (step: (i: number) => Promise<number>) => {
      for (let i = 1; Date.now() < until && server!.child.exitCode === null; i++) {
        if (idle()) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        try {
          const status = await step(i);
          if (status >= 200 && status < 300) counts.ok++;
          else counts.failed++;
        } catch {
          counts.failed++;
        }
      }
    };
    await Promise.all([
      worker(
        async (i) =>
          (await api('POST', `/api/conversation/${conversationId}/message`, token, { message: `m${i}` })).status,
      ),
      worker(
        async (i) =>
          (await api('POST', `/api/token/conversation/${conversationId}/message`, guest, { message: `g${i}` })).status,
      ),
      worker(async (i) => (await api('POST', '/api/event/-1', token, { ...event, title: `gc-${i}` })).status),
      worker(async () => (await api('GET', `/api/events/${organisationId}`, token)).status),
      worker(async () => (await api('GET', `/api/conversation/${conversationId}`, token)).status),
      worker(async () => (await api('GET', '/api/conversation', token)).status),
      worker(async () => (await fetch(`${server!.base}/api/health`)).status),
    ]);

    expect(server.output()).not.toMatch(/Assertion failed|Segmentation fault|FATAL ERROR/);
    expect(server.child.exitCode, server.output()).toBeNull();
    expect(server.child.signalCode, server.output()).toBeNull();
    expect(counts.failed).toBe(0);
    expect(counts.ok).toBeGreaterThan(200);
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  }, 120_000);
});
