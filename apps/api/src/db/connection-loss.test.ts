// A PostgreSQL server that ends the pool's idle connections (a restart, a failover, an operator's
// pg_terminate_backend, idle_session_timeout) costs the process nothing: the pool forgets the dead
// connection and the next query opens a fresh one. Without an error listener on the pool, node
// raises the idle connection's error as an uncaught exception and the server process ends.
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts';

// Only PostgreSQL keeps connections a server can end; on SQLite the test is not defined (not skipped).
if (process.env.TEST_DATABASE_URL) {
  describe('the PostgreSQL pool when the server ends its idle connections', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase('postgres', { poolSize: 3 });
    });
    afterAll(() => database.dispose());

    it('answers the next query on a fresh connection, and the process lives on', async () => {
      // Three connections in the pool, all idle afterwards.
      await Promise.all([1, 2, 3].map((n) => sql`select pg_sleep(0.05), ${n}::int as n`.execute(database.db)));
      const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      const operator = new pg.Client({ connectionString: database.url });
      await operator.connect();
      try {
        const ended = await operator.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        );
        expect(ended.rowCount).toBeGreaterThanOrEqual(3);
      } finally {
        await operator.end();
      }
      // Give the terminations time to reach the idle connections' sockets.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      expect(after.rows[0]!.pid).not.toBe(before.rows[0]!.pid);
    });
  });
}
