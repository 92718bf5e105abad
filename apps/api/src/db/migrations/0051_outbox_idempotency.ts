import type { Kysely } from 'kysely';

// A mail's intent, recorded with it (issue 57, decision 097): `idempotency_key` names what a mail is
// for (an invoice's first mail, one job item's mail), so a retry after a kill between the mail and
// its record inserts nothing. Unique where set; null for mails that are never retried.
export function outboxIdempotency() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').addColumn('idempotency_key', 'varchar(200)').execute();
      await db.schema.createIndex('outbox_idempotency_key').unique().on('outbox').column('idempotency_key').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('outbox_idempotency_key').execute();
      await db.schema.alterTable('outbox').dropColumn('idempotency_key').execute();
    },
  };
}
