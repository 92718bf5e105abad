import { sql, type Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// In-app notifications (alerts) per recipient account. New messages of one conversation fold into
// one unread alert per recipient (conversation_id set, count grows), which the partial unique index
// enforces and the upsert targets; read alerts stay as they were.
export function notifications(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      await withIdColumn(engine, db.schema.createTable('notifications'))
        .addColumn('recipient_id', 'varchar(64)', (col) =>
          col.notNull().references('user_profiles.cognito_id').onDelete('cascade'),
        )
        .addColumn('kind', 'varchar(32)', (col) => col.notNull())
        .addColumn('params', 'text', (col) => col.notNull())
        .addColumn('link', 'varchar(512)', (col) => col.notNull())
        .addColumn('conversation_id', 'integer', (col) => col.references('conversations.id').onDelete('cascade'))
        .addColumn('count', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('read_at', time)
        .execute();
      await db.schema
        .createIndex('notifications_recipient')
        .on('notifications')
        .columns(['recipient_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('notifications_unread')
        .on('notifications')
        .column('recipient_id')
        .where(sql.ref('read_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('notifications_unread_conversation')
        .on('notifications')
        .columns(['recipient_id', 'conversation_id'])
        .unique()
        .where(sql<boolean>`read_at is null and conversation_id is not null`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('notifications').execute();
    },
  };
}
