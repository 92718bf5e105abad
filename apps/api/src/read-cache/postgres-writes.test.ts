// What tells the read cache that this process wrote, on PostgreSQL (postgres-changes.ts): the command
// tag of each statement. Two kinds of statement write under the tag SELECT: one with a data-modifying
// WITH, which the cache recognises by its shape, and one calling a function that writes, which cannot
// exist while every function of the schema is a trigger function (PostgreSQL lets no SELECT call one).
// PostgreSQL only: on SQLite, SQLite itself says whether a statement is read-only.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts';

if (process.env.TEST_DATABASE_URL) {
  describe('this process writes, as the read cache hears them on PostgreSQL', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase('postgres');
    });
    afterAll(() => database?.dispose());

    /** Whether running `statement` ticked the clock (the notice listener is not started: only this process's own count). */
    const ticks = async (statement: () => Promise<unknown>) => {
      const mark = database.changes.mark();
      await statement();
      return database.changes.changedSince([], mark);
    };
    const organisation = (name: string) => sql`insert into organisations
      (name, street, house_number, postal_code, city, country, created_at, updated_at)
      values (${name}, 'Hauptstr.', '1', '12345', 'Musterstadt', 'DE', now(), now())`;

    it('a read does not tick; an INSERT, and a SELECT whose WITH inserts or updates, do', async () => {
      expect(await ticks(() => sql`select id from organisations where name = 'x'`.execute(database.db))).toBe(false);
      // A name that only looks like a write, in a read.
      expect(
        await ticks(() => sql`with updated_names as (select name from organisations) select 1`.execute(database.db)),
      ).toBe(false);
      expect(await ticks(() => organisation('Verein').execute(database.db))).toBe(true);
      expect(
        await ticks(() =>
          sql`with made as (insert into organisations
                (name, street, house_number, postal_code, city, country, created_at, updated_at)
                values ('Club', 'Hauptstr.', '1', '12345', 'Musterstadt', 'DE', now(), now()) returning id)
              select id from made`.execute(database.db),
        ),
      ).toBe(true);
      expect(
        await ticks(() =>
          database.db
            .with('renamed', (db) =>
              db.updateTable('organisations').set({ name: 'Club 2' }).where('name', '=', 'Club').returning('id'),
            )
            .selectFrom('renamed')
            .select('id')
            .execute(),
        ),
      ).toBe(true);
      expect(
        (await sql<{ name: string }>`select name from organisations where name = 'Club 2'`.execute(database.db)).rows,
      ).toHaveLength(1);
    });

    it('no SELECT can call a function of the schema that writes: every function in it is a trigger function', async () => {
      const { rows } = await sql<{ name: string; returns: string }>`
        select p.proname as name, format_type(p.prorettype, null) as returns from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema()`.execute(database.db);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((row) => row.returns !== 'trigger')).toEqual([]);
    });
  });
}
