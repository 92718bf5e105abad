import { sql, type Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// Chat: one conversation per organisation and sponsor address (every member of the organisation sees
// it; the sponsor side is the address, guest or registered), and its messages. updated_at is the last
// activity (list order); *_notified_at the last e-mail notice per side (at most one an hour).
export function chat(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);

      await withIdColumn(engine, db.schema.createTable('conversations'))
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('sponsor_email', 'varchar(320)', (col) => col.notNull())
        .addColumn('sponsor_email_normalized', 'varchar(320)', (col) => col.notNull())
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .addColumn('organisation_notified_at', time)
        .addColumn('sponsor_notified_at', time)
        .addUniqueConstraint('conversations_organisation_sponsor', ['organisation_id', 'sponsor_email_normalized'])
        .execute();
      await db.schema
        .createIndex('conversations_sponsor')
        .on('conversations')
        .column('sponsor_email_normalized')
        .execute();

      // sender_side: organisation, sponsor or system; type: text or notification.
      await withIdColumn(engine, db.schema.createTable('messages'))
        .addColumn('conversation_id', 'integer', (col) =>
          col.notNull().references('conversations.id').onDelete('cascade'),
        )
        .addColumn('sender_side', 'varchar(16)', (col) => col.notNull())
        .addColumn('sender_id', 'varchar(64)')
        .addColumn('sender_name', 'varchar(320)', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('type', 'varchar(16)', (col) => col.notNull())
        .addColumn('sent_at', time, (col) => col.notNull())
        .addColumn('read_at', time)
        .execute();
      await db.schema.createIndex('messages_conversation').on('messages').columns(['conversation_id', 'id']).execute();
      // Unread counts touch only the unread rows.
      await db.schema
        .createIndex('messages_unread')
        .on('messages')
        .columns(['conversation_id', 'sender_side'])
        .where(sql.ref('read_at'), 'is', null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('messages').execute();
      await db.schema.dropTable('conversations').execute();
    },
  };
}
