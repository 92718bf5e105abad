// Migration 0027 taken back and applied again: the triggers bump without the ids, then with them.
// Migration 0032 (PostgreSQL's bumps per statement) replaces 0027's trigger: it is taken back first
// and applied again last, as is 0046 (the sponsors' names), whose triggers write the ids too.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES, createTestDatabase } from '../../../test/helpers.ts';
import { migrationsFor } from './index.ts';

describe.each(ENGINES)('migration 0027 on %s', (engine) => {
  it('goes down to the revisions of 0013 and up to the ids again', async () => {
    const database = await createTestDatabase(engine);
    try {
      const db = database.db as unknown as Kysely<unknown>;
      const migration = migrationsFor(engine)['0027_chat_list_changes']!;
      const perStatement = migrationsFor(engine)['0032_chat_list_bumps_per_statement']!;
      const sponsorNames = migrationsFor(engine)['0046_sponsor_names_in_chat_lists']!;
      const now = new Date().toISOString();
      const organisation = await sql<{ id: number }>`
        insert into organisations (name, street, house_number, postal_code, city, country, created_at, updated_at)
        values ('Verein', 'Hauptstr.', '1', '12345', 'Musterstadt', 'DE', ${now}, ${now}) returning id`.execute(db);
      const organisationId = organisation.rows[0]!.id;
      const scope = `o:${organisationId}`;
      const addConversation = (email: string) =>
        sql<{ id: number }>`insert into conversations
          (organisation_id, sponsor_email, sponsor_email_normalized, created_at, updated_at)
          values (${organisationId}, ${email}, ${email}, ${now}, ${now})
          returning id`.execute(db);
      const revision = async () =>
        (await sql<{ revision: number }>`select revision from chat_list_revisions where scope = ${scope}`.execute(db))
          .rows[0]?.revision ?? 0;

      await sponsorNames.down!(db);
      await perStatement.down!(db);
      await migration.down!(db);
      await addConversation('a@example.org');
      expect(await revision()).toBe(1);
      await migration.up(db);
      await perStatement.up(db);
      await sponsorNames.up(db);
      const { rows } = await addConversation('b@example.org');
      const after = await sql<{ revision: number; recent: unknown }>`
        select revision, recent from chat_list_revisions where scope = ${scope}`.execute(db);
      expect(after.rows[0]!.revision).toBe(2);
      // Only the bump after the migration is known: a server asking from revision 0 reads the whole list.
      expect(String(after.rows[0]!.recent)).toBe(String(rows[0]!.id));
    } finally {
      await database.dispose();
    }
  });
});
