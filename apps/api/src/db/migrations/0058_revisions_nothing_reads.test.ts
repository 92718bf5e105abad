// Migration 0058 taken back and applied again: back, the revisions of 0012 and 0013 move with their
// writes as before; applied, no trigger of theirs is left and `chat_list_revisions` is gone.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES, createTestDatabase } from '../../../test/helpers.ts';
import { migrationsFor } from './index.ts';

describe.each(ENGINES)('migration 0058 on %s', (engine) => {
  it('drops the revision triggers, and its down brings them back', async () => {
    const database = await createTestDatabase(engine);
    try {
      const db = database.db as unknown as Kysely<unknown>;
      const migration = migrationsFor(engine)['0058_revisions_nothing_reads']!;
      const now = new Date().toISOString();
      const organisation = await sql<{ id: number }>`
        insert into organisations (name, street, house_number, postal_code, city, country, created_at, updated_at)
        values ('Verein', 'Hauptstr.', '1', '12345', 'Musterstadt', 'DE', ${now}, ${now}) returning id`.execute(db);
      const organisationId = organisation.rows[0]!.id;
      const rename = (name: string) => sql`update organisations set name = ${name} where id = ${organisationId}`;
      const revision = async () =>
        Number(
          (await sql<{ revision: number }>`select revision from organisations where id = ${organisationId}`.execute(db))
            .rows[0]!.revision,
        );
      const triggers = async () =>
        engine === 'postgres'
          ? (
              await sql<{ name: string }>`select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
                join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = current_schema() and not t.tgisinternal and t.tgname <> 'sp_table_write_notice'`.execute(
                db,
              )
            ).rows.map((row) => row.name)
          : (await sql<{ name: string }>`select name from sqlite_master where type = 'trigger'`.execute(db)).rows.map(
              (row) => row.name,
            );

      // Applied (the test database is at the latest migration): only the readiness board's triggers.
      expect((await triggers()).filter((name) => !/_readiness_/.test(name))).toEqual([]);
      await rename('Verein 2').execute(db);
      expect(await revision()).toBe(0);

      await migration.down!(db);
      await rename('Verein 3').execute(db);
      expect(await revision()).toBe(1);
      const scopes = await sql<{ scope: string }>`select scope from chat_list_revisions`.execute(db);
      expect(scopes.rows).toEqual([]);

      await migration.up(db);
      expect((await triggers()).filter((name) => !/_readiness_/.test(name))).toEqual([]);
      await rename('Verein 4').execute(db);
      // The column stays (the version before reads it), unmoved.
      expect(await revision()).toBe(1);
    } finally {
      await database.dispose();
    }
  });
});
