// Migration 0041 on rows that were there before it: each holder gets the e-mail key (trimmed, lower
// case, also for non-ASCII letters), and of two rows of the same person for one deliverable (possible
// before the unique index) the earlier keeps it, the later stays valid without one; then the index
// refuses a third. Rows are written with the foreign keys off, as only this table matters here.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES, createTestDatabase } from '../../../test/helpers.ts';
import { ticketHolderEmails } from './0041_ticket_holder_emails.ts';

describe.each(ENGINES)('migration 0041 on %s', (engine) => {
  it('keys existing holders, the earlier of two of the same person keeping the key', async () => {
    const database = await createTestDatabase(engine, { poolSize: 1 });
    try {
      const db = database.db as unknown as Kysely<unknown>;
      const migration = ticketHolderEmails(engine);
      await migration.down(db);
      await sql
        .raw(engine === 'postgres' ? 'set session_replication_role = replica' : 'pragma foreign_keys = off')
        .execute(db);
      const now = new Date().toISOString();
      const holder = (seat: number, deliverable: number, email: string) =>
        sql`insert into ticket_holders
          (organisation_id, event_id, sponsorship_id, deliverable_id, seat, name, email, created_at)
          values (1, 1, 1, ${deliverable}, ${seat}, 'Person', ${email}, ${now})`.execute(db);
      await holder(1, 900, 'Ada@Example.org');
      await holder(2, 900, ' ada@example.org ');
      await holder(3, 900, 'ÄRGER@example.org');
      await holder(1, 901, 'ada@example.org');
      await migration.up(db);
      const rows = (
        await sql<{ deliverable_id: number; seat: number; email_key: string | null }>`
          select deliverable_id, seat, email_key from ticket_holders order by deliverable_id, seat`.execute(db)
      ).rows.map((r) => [Number(r.deliverable_id), Number(r.seat), r.email_key]);
      expect(rows).toEqual([
        [900, 1, 'ada@example.org'],
        [900, 2, null],
        [900, 3, 'ärger@example.org'],
        [901, 1, 'ada@example.org'],
      ]);
      await expect(
        sql`insert into ticket_holders
          (organisation_id, event_id, sponsorship_id, deliverable_id, seat, name, email, email_key, created_at)
          values (1, 1, 1, 900, 4, 'Person', 'ADA@example.org', 'ada@example.org', ${now})`.execute(db),
      ).rejects.toThrow();
      await sql
        .raw(engine === 'postgres' ? 'set session_replication_role = origin' : 'pragma foreign_keys = on')
        .execute(db);
    } finally {
      await database.dispose();
    }
  });
});
