// A statement that changes many conversations moves each list scope by one revision per conversation
// and names each of them in `recent`, on PostgreSQL (statement triggers, migration 0032) exactly as
// on SQLite (row triggers, migration 0027): what a cached list is brought up to date from (decision 034).
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES, createTestDatabase } from '../../../test/helpers.ts';
import { RECENT_CHANGES } from './0027_chat_list_changes.ts';

/** The `recent` column as either engine returns it: PostgreSQL's integer[], SQLite's comma-separated text. */
const idsOf = (recent: unknown): number[] =>
  Array.isArray(recent) ? recent.map(Number) : String(recent) === '' ? [] : String(recent).split(',').map(Number);

describe.each(ENGINES)('conversation list bumps on %s', (engine) => {
  it('moves a scope once per conversation a statement changes, and keeps the last ids', async () => {
    const database = await createTestDatabase(engine);
    try {
      const db = database.db as unknown as Kysely<unknown>;
      const now = new Date().toISOString();
      const organisation = async (name: string) =>
        (
          await sql<{ id: number }>`
            insert into organisations (name, street, house_number, postal_code, city, country, created_at, updated_at)
            values (${name}, 'Hauptstr.', '1', '12345', 'Musterstadt', 'DE', ${now}, ${now}) returning id`.execute(db)
        ).rows[0]!.id;
      const state = async (scope: string) => {
        const row = (
          await sql<{ revision: number; recent: unknown }>`
            select revision, recent from chat_list_revisions where scope = ${scope}`.execute(db)
        ).rows[0];
        return { revision: row?.revision ?? 0, recent: row ? idsOf(row.recent) : [] };
      };
      const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

      const verein = await organisation('Verein');
      const club = await organisation('Club');
      // Three conversations in one statement: the organisation's scope moves by three.
      const made = await sql<{ id: number }>`insert into conversations
          (organisation_id, sponsor_email, sponsor_email_normalized, created_at, updated_at)
          values (${verein}, 'a@example.org', 'a@example.org', ${now}, ${now}),
                 (${verein}, 'b@example.org', 'b@example.org', ${now}, ${now}),
                 (${verein}, 'c@example.org', 'c@example.org', ${now}, ${now})
          returning id`.execute(db);
      const [a, b, c] = sorted(made.rows.map((row) => row.id));
      expect(await state(`o:${verein}`)).toEqual({ revision: 3, recent: [a, b, c] });
      expect(await state('s:b@example.org')).toEqual({ revision: 1, recent: [b] });

      // An activity update of all three (a message batch): three more, one per conversation.
      await sql`update conversations set updated_at = ${now} where organisation_id = ${verein}`.execute(db);
      const afterUpdate = await state(`o:${verein}`);
      expect(afterUpdate.revision).toBe(6);
      expect(sorted(afterUpdate.recent.slice(3))).toEqual([a, b, c]);
      expect(await state('s:a@example.org')).toEqual({ revision: 2, recent: [a, a] });

      // A conversation moved to another organisation and address: its old scopes move too.
      await sql`update conversations set organisation_id = ${club}, sponsor_email_normalized = 'd@example.org'
        where id = ${c}`.execute(db);
      expect((await state(`o:${verein}`)).revision).toBe(7);
      expect(await state(`o:${club}`)).toEqual({ revision: 1, recent: [c] });
      expect(await state('s:c@example.org')).toEqual({ revision: 3, recent: [c, c, c] });
      expect(await state('s:d@example.org')).toEqual({ revision: 1, recent: [c] });

      // Two deleted in one statement.
      await sql`delete from conversations where organisation_id = ${verein}`.execute(db);
      const afterDelete = await state(`o:${verein}`);
      expect(afterDelete.revision).toBe(9);
      expect(sorted(afterDelete.recent.slice(-2))).toEqual([a, b]);

      // More conversations in one statement than `recent` keeps: the newest RECENT_CHANGES ids stay.
      const many = RECENT_CHANGES + 5;
      const values = Array.from(
        { length: many },
        (_, i) => sql`(${club}, ${`m${i}@example.org`}, ${`m${i}@example.org`}, ${now}, ${now})`,
      );
      const inserted = await sql<{ id: number }>`insert into conversations
          (organisation_id, sponsor_email, sponsor_email_normalized, created_at, updated_at)
          values ${sql.join(values)} returning id`.execute(db);
      const club_ = await state(`o:${club}`);
      expect(club_.revision).toBe(1 + many);
      expect(club_.recent).toHaveLength(RECENT_CHANGES);
      expect(sorted(club_.recent)).toEqual(sorted(inserted.rows.map((row) => row.id)).slice(-RECENT_CHANGES));
    } finally {
      await database.dispose();
    }
  });
});
