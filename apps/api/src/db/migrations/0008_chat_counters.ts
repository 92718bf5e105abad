import { sql, type Kysely } from 'kysely';
import type { Engine } from '../column-types.ts';

// What the conversation list shows, kept on the conversation row by the message writes (decision
// 007) instead of aggregated over all messages on every read: the newest message's id, and the
// unread messages each side has sent (read_at null; system notifications are stored read).
export function chatCounters(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('conversations').addColumn('last_message_id', 'integer').execute();
      await db.schema
        .alterTable('conversations')
        .addColumn('unread_from_organisation', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('conversations')
        .addColumn('unread_from_sponsor', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await sql`
        update conversations set
          last_message_id = (select max(m.id) from messages m where m.conversation_id = conversations.id),
          unread_from_organisation = (select count(*) from messages m
            where m.conversation_id = conversations.id and m.sender_side = 'organisation' and m.read_at is null),
          unread_from_sponsor = (select count(*) from messages m
            where m.conversation_id = conversations.id and m.sender_side = 'sponsor' and m.read_at is null)
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('conversations').dropColumn('unread_from_sponsor').execute();
      await db.schema.alterTable('conversations').dropColumn('unread_from_organisation').execute();
      await db.schema.alterTable('conversations').dropColumn('last_message_id').execute();
    },
  };
}
