import type { Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// The identity provider's limits per client address (decision 016): one row per counted request in
// identity_address_hits, and one row per (kind, address) in identity_address_windows that a claim
// updates first, so that claims for the same address queue behind each other in the database
// (PostgreSQL's row lock, SQLite's write lock) and the count they read is never stale.
export function identityAddressLimits(engine: Engine) {
  const time = timeType(engine);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('identity_address_windows')
        .addColumn('kind', 'varchar(32)', (col) => col.notNull())
        .addColumn('subject', 'varchar(64)', (col) => col.notNull())
        .addColumn('last_claim_at', time, (col) => col.notNull())
        .addPrimaryKeyConstraint('identity_address_windows_pk', ['kind', 'subject'])
        .execute();
      await withIdColumn(engine, db.schema.createTable('identity_address_hits'))
        .addColumn('kind', 'varchar(32)', (col) => col.notNull())
        .addColumn('subject', 'varchar(64)', (col) => col.notNull())
        .addColumn('at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('identity_address_hits_lookup')
        .on('identity_address_hits')
        .columns(['kind', 'subject', 'at'])
        .execute();
      await db.schema.createIndex('identity_address_hits_at').on('identity_address_hits').column('at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('identity_address_hits').execute();
      await db.schema.dropTable('identity_address_windows').execute();
    },
  };
}
