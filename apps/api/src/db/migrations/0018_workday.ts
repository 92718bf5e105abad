import { sql, type Kysely } from 'kysely';
import { timeType, type Engine } from '../column-types.ts';

// Issue 21, points 4, 5 and 8: an event can be archived (hidden from lists until unarchived), a
// team invitation revoked (its link then says so), and a conversation remembers which side wrote
// its newest participant message (system notices do not count), so "unanswered" is one indexed
// count instead of a look at every conversation's messages.
export function workday(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      await db.schema.alterTable('events').addColumn('archived_at', time).execute();
      await db.schema.alterTable('invitations').addColumn('revoked_at', time).execute();
      await db.schema.alterTable('conversations').addColumn('last_participant_side', 'varchar(16)').execute();
      await sql`
        update conversations set last_participant_side = (
          select m.sender_side from messages m
          where m.conversation_id = conversations.id and m.sender_side <> 'system'
          order by m.id desc limit 1)
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('conversations').dropColumn('last_participant_side').execute();
      await db.schema.alterTable('invitations').dropColumn('revoked_at').execute();
      await db.schema.alterTable('events').dropColumn('archived_at').execute();
    },
  };
}
