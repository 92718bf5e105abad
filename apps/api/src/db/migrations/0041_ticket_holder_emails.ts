import { sql, type Kysely } from 'kysely';
import { timeType, type Engine } from '../column-types.ts';

// Sponsor tickets, the leftovers of decision 081 (decision 086): `email_key` is the holder's e-mail
// trimmed and in lower case, unique per deliverable, so the same person named twice at once takes one
// seat (the second naming's insert does nothing and answers the seat the first took). It is null once
// the person's data was erased 90 days after the event (`erased_at`; name and e-mail are emptied then),
// and null on a row that already duplicated an earlier one of its deliverable before this migration
// (the earlier keeps the key; both tickets stay valid). Written by the tickets module only.
export function ticketHolderEmails(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('ticket_holders').addColumn('email_key', 'varchar(320)').execute();
      await db.schema.alterTable('ticket_holders').addColumn('erased_at', timeType(engine)).execute();
      // The key as the application computes it (JavaScript's lower case, also for non-ASCII letters,
      // which SQLite's lower() leaves alone), the earliest row of a person keeping it.
      const rows = await sql<{ id: number; deliverable_id: number; email: string }>`
        select id, deliverable_id, email from ticket_holders order by id`.execute(db);
      const seen = new Set<string>();
      for (const row of rows.rows) {
        const key = row.email.trim().toLowerCase();
        const unique = `${row.deliverable_id} ${key}`;
        if (seen.has(unique)) continue;
        seen.add(unique);
        await sql`update ticket_holders set email_key = ${key} where id = ${row.id}`.execute(db);
      }
      await db.schema
        .createIndex('ticket_holders_person')
        .on('ticket_holders')
        .columns(['deliverable_id', 'email_key'])
        .unique()
        .execute();
      // The retention sweep looks for events long past whose holders still have their data.
      await db.schema
        .createIndex('ticket_holders_unerased')
        .on('ticket_holders')
        .columns(['event_id'])
        .where(sql.ref('erased_at'), 'is', null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('ticket_holders_unerased').execute();
      await db.schema.dropIndex('ticket_holders_person').execute();
      await db.schema.alterTable('ticket_holders').dropColumn('erased_at').execute();
      await db.schema.alterTable('ticket_holders').dropColumn('email_key').execute();
    },
  };
}
