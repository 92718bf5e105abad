// The read cache's contract after a write through a second connection on SQLite (issue 56): an
// operator's SQL or an admin command writes the database file through a connection of its own; a
// real server process on that file must answer no read older than 1 s after that write committed
// (PRAGMA data_version tells the server; the docs said 50 ms). The event page, the organisation's
// event list, the event's packages and a conversation's newest messages are read by several members, in randomised rounds.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { validEvent } from '../../src/modules/events/test-support.ts';
import { sqliteFileIn } from '../../src/database-from-config.ts';
import { client, freePort, kill, printedInvitationCode, startServer, type Server } from '../child-server.ts';
import { cleanupsAfterAll, inviteSponsor, place, QUIET_ENV } from './placed-servers.ts';
import { expectContract, joinOverHttp, random, readTitle, type Read } from './read-contract-support.ts';

const ROUNDS = 9;
const WATCH_MS = 1300;

describe('the read contract after a write through another SQLite connection', () => {
  const cleanup = cleanupsAfterAll();
  const rng = random();
  let server: Server;
  let operator: SQLite.Database;
  let organiser: { token: string; organisationId: number };
  let tokens: string[];
  let eventId: number;
  let packageId: number;
  let conversationId: number;

  beforeAll(async () => {
    const placed = await place('sqlite', 'read-contract-sqlite', cleanup);
    const port = await freePort();
    server = await startServer({ ...QUIET_ENV, ...placed, PUBLIC_URL: `http://127.0.0.1:${port}` }, port);
    cleanup(() => kill(server, 'SIGTERM'));
    organiser = await client(server.base).onboardOrganiser(
      `sqlite.organiser.${Date.now()}@example.org`,
      printedInvitationCode(server),
      'Eine Datei e.V.',
    );
    tokens = [organiser.token];
    for (let i = 0; i < 2; i++)
      tokens.push(await joinOverHttp(server.base, organiser.token, `sqlite.member${i}.${Date.now()}@example.org`));
    const { api } = client(server.base);
    const created = await api('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Datei 0' }));
    expect(created.status).toBe(201);
    eventId = created.json().id as number;
    const made = await api('POST', `/api/event/${eventId}/packages`, organiser.token, {
      name: 'Paket 0',
      price_cents: 10_000,
      capacity: null,
      description: 'Ein Paket.',
    });
    expect(made.status).toBe(201);
    packageId = made.json().id as number;
    // A conversation with one message from the sponsor, which the operator then corrects by hand.
    const { guest } = await inviteSponsor(server.base, organiser.token, eventId, {
      email: `sqlite.sponsor.${Date.now()}@example.org`,
    });
    conversationId = (await api('GET', '/api/token/conversation', guest)).json()[0]!.id as number;
    const posted = await api('POST', `/api/token/conversation/${conversationId}/message`, guest, {
      message: 'Hallo 0',
    });
    expect(posted.status).toBe(201);
    const file = sqliteFileIn(placed.DATA_DIR);
    expect(fs.existsSync(file), path.basename(file)).toBe(true);
    operator = new SQLite(file);
    operator.pragma('busy_timeout = 5000');
    cleanup(() => operator.close());
  }, 120_000);

  const packageName = async (token: string) => {
    const listed = await client(server.base).api('GET', `/api/event/${eventId}/packages`, token);
    expect(listed.status).toBe(200);
    const rows = listed.json<{ id: number; name: string }[]>();
    return rows.find((row) => row.id === packageId)?.name ?? '(missing)';
  };

  const newestMessage = async (token: string) => {
    const page = await client(server.base).api('GET', `/api/conversation/${conversationId}`, token);
    expect(page.status).toBe(200);
    return page.json<{ message: string }[]>().at(-1)?.message ?? '(none)';
  };

  it(`serves a write of another connection within 1 s in ${ROUNDS} randomised rounds (seed printed)`, async () => {
    console.info(`read-contract-sqlite: SEED=${rng.seed}`);
    for (let round = 1; round <= ROUNDS; round++) {
      const label = `round ${round} (seed ${rng.seed})`;
      const kind = (['event', 'package', 'message'] as const)[round % 3]!;
      const read = async (reads: Read[]) => {
        const startedAt = Date.now();
        const token = rng.pick(tokens);
        const title =
          kind === 'package'
            ? await packageName(token)
            : kind === 'message'
              ? await newestMessage(token)
              : await readTitle(server.base, token, {
                  eventId,
                  organisationId: organiser.organisationId,
                  list: rng.next() < 0.5,
                });
        reads.push({ where: 'server', startedAt, title });
      };
      for (let i = 0; i < 6; i++) await read([]);
      await new Promise((resolve) => setTimeout(resolve, rng.next() * 40));
      const title = `Von Hand ${round} ${rng.seed}`;
      if (kind === 'package') operator.prepare('update packages set name = ? where id = ?').run(title, packageId);
      else if (kind === 'message')
        operator
          .prepare('update messages set body = ? where id = (select max(id) from messages where conversation_id = ?)')
          .run(title, conversationId);
      else operator.prepare('update events set title = ? where id = ?').run(title, eventId);
      const committedAt = Date.now();
      const reads: Read[] = [];
      while (Date.now() < committedAt + WATCH_MS) {
        await Promise.all([read(reads), read(reads)]);
        await new Promise((resolve) => setTimeout(resolve, rng.next() * 30));
      }
      // The write was not taken by the server: the whole contract second applies ('operator').
      expectContract(reads, 'operator', committedAt, title, label);
    }
  }, 120_000);
});
