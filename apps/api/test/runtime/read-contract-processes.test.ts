// The read cache's contract across two real server processes on one PostgreSQL database, as the
// README sets them up (issue 56): on the process that took a write no answer older than the write is
// served once it is acknowledged; on the other none older than 1 s; and while a process's notice
// connection is down (ended by the server, or silently stopped by the network) it serves nothing from
// memory. Randomised rounds (SEED=<n> repeats one): several members read the event page and the event
// list on both processes, one process changes the title, then both are read for a little over 1 s and
// every answer is checked against the time its request started. Runs with TEST_DATABASE_URL only.
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { validEvent } from '../../src/modules/events/test-support.ts';
import { client, freePort, kill, printedInvitationCode, startServer, type Server } from '../child-server.ts';
import { cleanupsAfterAll, ENGINES, place, QUIET_ENV } from './placed-servers.ts';
import { expectContract, joinOverHttp, random, readTitle, relayTo, type Read } from './read-contract-support.ts';

const TARGETS = ENGINES.filter((engine) => engine === 'postgres');
const ROUNDS = 12;
const WATCH_MS = 1300;

describe.each(TARGETS)('the read contract on two processes and one %s database', (engine) => {
  const cleanup = cleanupsAfterAll();
  const rng = random();
  let a: Server;
  let b: Server;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let databaseUrl: string;
  let organiser: { token: string; organisationId: number };
  let tokens: string[];
  let eventId: number;

  beforeAll(async () => {
    const placed = await place(engine, 'read-contract', cleanup);
    databaseUrl = placed.DATABASE_URL;
    // B reaches the database through a relay that can silence its notice connection.
    const url = new URL(databaseUrl);
    relay = await relayTo({ host: url.hostname, port: Number(url.port || 5432) }, 'sp-write-notices');
    cleanup(() => relay.close());
    const viaRelay = new URL(databaseUrl);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    const env = { ...QUIET_ENV, ...placed, RATE_LIMIT_SIGN_IN_FAILURES: 'off', RATE_LIMIT_SIGN_UPS: 'off' };
    const portA = await freePort();
    const shared = { ...env, PUBLIC_URL: `http://127.0.0.1:${portA}` };
    a = await startServer(shared, portA);
    cleanup(() => kill(a, 'SIGTERM'));
    b = await startServer({ ...shared, DATABASE_URL: viaRelay.toString() }, await freePort());
    cleanup(() => kill(b, 'SIGTERM'));
    organiser = await client(a.base).onboardOrganiser(
      `contract.organiser.${Date.now()}@example.org`,
      printedInvitationCode(a),
      'Vertrag e.V.',
    );
    tokens = [organiser.token];
    for (let i = 0; i < 3; i++)
      tokens.push(await joinOverHttp(a.base, organiser.token, `contract.member${i}.${Date.now()}@example.org`));
    const created = await client(a.base).api(
      'POST',
      '/api/event/-1',
      organiser.token,
      validEvent({ title: 'Titel 0' }),
    );
    expect(created.status).toBe(201);
    eventId = created.json().id as number;
  }, 180_000);

  /** Ends both processes' notice connections from the database's side. */
  const terminateNoticeConnections = async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name like 'sp-write-notices%'`);
    } finally {
      await admin.end();
    }
  };

  it(`serves no answer older than the contract allows in ${ROUNDS} randomised rounds (seed printed)`, async () => {
    console.info(`read-contract-processes: SEED=${rng.seed}`);
    const servers = { A: () => a.base, B: () => b.base };
    const read = async (where: 'A' | 'B', reads: Read[]) => {
      const startedAt = Date.now();
      const title = await readTitle(servers[where](), rng.pick(tokens), {
        eventId,
        organisationId: organiser.organisationId,
        list: rng.next() < 0.4,
      });
      reads.push({ where, startedAt, title });
    };
    for (let round = 1; round <= ROUNDS; round++) {
      // Mostly written on A, sometimes on B; the notice connections dropped in some rounds.
      const writer: 'A' | 'B' = rng.next() < 0.75 ? 'A' : 'B';
      const other = writer === 'A' ? 'B' : 'A';
      const trouble = round % 4 === 0 ? 'silenced' : round % 4 === 2 ? 'terminated' : 'none';
      const label = `round ${round} (written on ${writer}, notices ${trouble}, seed ${rng.seed})`;
      // Every member's answers are warm on both processes.
      for (const where of ['A', 'B'] as const) await Promise.all(tokens.map(() => read(where, [])));
      if (trouble === 'silenced') relay.silence();
      if (trouble === 'terminated') await terminateNoticeConnections();
      await new Promise((resolve) => setTimeout(resolve, rng.next() * 40));
      const title = `Titel ${round} ${rng.seed}`;
      const saved = await client(servers[writer]()).api(
        'PUT',
        `/api/event/${eventId}`,
        organiser.token,
        validEvent({ title }),
      );
      expect(saved.status, label).toBe(200);
      const ackedAt = Date.now();
      const reads: Read[] = [];
      // Right after the acknowledgement, on the writer and on the other process at once.
      await Promise.all([read(writer, reads), read(other, reads), read(other, reads)]);
      const until = ackedAt + WATCH_MS;
      while (Date.now() < until) {
        await Promise.all([read(writer, reads), read(other, reads), read(other, reads), read(other, reads)]);
        await new Promise((resolve) => setTimeout(resolve, rng.next() * 30));
      }
      // After the contract's second, every member on both processes.
      for (const token of tokens)
        for (const where of ['A', 'B'] as const) {
          const startedAt = Date.now();
          reads.push({
            where,
            startedAt,
            title: await readTitle(servers[where](), token, {
              eventId,
              organisationId: organiser.organisationId,
              list: false,
            }),
          });
        }
      if (trouble === 'silenced') relay.restore();
      expectContract(reads, writer, ackedAt, title, label);
    }
  }, 180_000);
});
