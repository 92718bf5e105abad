// The LISTEN helper the bus and the read cache's write notices share (listen.ts): notifications of the
// listening connection are handed on, its own pings are not; a connection the server ends is reported
// lost, replaced, and reported back (the gap); pings say whether everything committed has arrived.
// PostgreSQL only: SQLite has no LISTEN.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { loadPg } from './index.ts';
import { createListenConnection } from './listen.ts';

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

if (process.env.TEST_DATABASE_URL) {
  describe('one LISTEN connection', () => {
    it('hands on notifications, reports a loss and the return, and pings itself', async () => {
      const database = await createTestDatabase('postgres');
      const channel = `listen_test_${randomBytes(4).toString('hex')}`;
      const application = `listen-test-${randomBytes(4).toString('hex')}`;
      const heard: string[] = [];
      const gaps: string[] = [];
      const connection = createListenConnection({
        connection: { connectionString: database.url, application_name: application },
        channel,
        loadPg,
        name: 'test listener',
        reconnectMs: { min: 50, max: 50 },
        heartbeat: { everyMs: 50 },
        onNotification: (payload) => heard.push(payload),
        onLost: () => gaps.push('lost'),
        onResumed: () => gaps.push('resumed'),
      });
      const notify = (payload: string) => sql`select pg_notify(${channel}, ${payload})`.execute(database.db);
      try {
        expect(connection.listening()).toBe(false);
        await connection.start();
        expect(connection.listening()).toBe(true);
        await until(() => connection.heardWithin(500));
        await notify('one');
        await until(() => heard.length === 1);
        expect(heard).toEqual(['one']);
        expect(gaps).toEqual([]);

        const admin = new pg.Client({ connectionString: database.url });
        await admin.connect();
        try {
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
            application,
          ]);
        } finally {
          await admin.end();
        }
        await until(() => gaps.length === 1);
        expect(connection.listening()).toBe(false);
        expect(connection.heardWithin(500)).toBe(false);
        await until(() => gaps.length === 2);
        expect(gaps).toEqual(['lost', 'resumed']);
        await until(() => connection.heardWithin(500));
        await notify('two');
        await until(() => heard.length === 2);
        // The pings went by on the same channel all the while, and none was handed on.
        expect(heard).toEqual(['one', 'two']);
      } finally {
        await connection.close();
        await database.dispose();
      }
      expect(connection.listening()).toBe(false);
    });
  });
}
