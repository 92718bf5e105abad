import type { Kysely } from 'kysely';
import { boolDefault, boolType, timeType, withIdColumn, type Engine } from '../column-types.ts';

// Signed webhooks (issue 61 point 2, decision 111). An endpoint belongs to one organisation and names
// the event types it wants; its signing secret is sealed with the deployment's secrets key (never
// stored in the clear), and after a rotation the previous one signs too until `previous_until`. A
// delivery is one message to one endpoint, queued in the transaction of the change it reports (so a
// committed change always has its delivery), claimed by a conditional update (`claimed_until`), tried
// again with back-off for a day. `message_id` is the Standard Webhooks `webhook-id`: the same on every
// attempt, so a receiver drops a duplicate.
export function webhooks(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      await withIdColumn(engine, db.schema.createTable('webhook_endpoints'))
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('url', 'varchar(2000)', (col) => col.notNull())
        .addColumn('description', 'varchar(200)', (col) => col.notNull().defaultTo(''))
        .addColumn('event_types', 'varchar(500)', (col) => col.notNull())
        .addColumn('secret', 'varchar(200)', (col) => col.notNull())
        .addColumn('previous_secret', 'varchar(200)')
        .addColumn('previous_until', time)
        .addColumn('enabled', boolType(engine), (col) => col.notNull().defaultTo(boolDefault(true)))
        .addColumn('created_by', 'varchar(320)', (col) => col.notNull())
        .addColumn('created_at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_endpoints_organisation')
        .on('webhook_endpoints')
        .column('organisation_id')
        .execute();
      await withIdColumn(engine, db.schema.createTable('webhook_deliveries'))
        .addColumn('endpoint_id', 'integer', (col) =>
          col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
        )
        .addColumn('organisation_id', 'integer', (col) => col.notNull())
        .addColumn('message_id', 'varchar(40)', (col) => col.notNull().unique())
        .addColumn('event_type', 'varchar(40)', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('status', 'varchar(10)', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', time, (col) => col.notNull())
        .addColumn('claimed_until', time)
        .addColumn('last_attempt_at', time)
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'varchar(300)')
        .addColumn('last_response', 'varchar(1000)')
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('delivered_at', time)
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_endpoint')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhook_endpoints').execute();
    },
  };
}
