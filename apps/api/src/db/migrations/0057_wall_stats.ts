import type { Kysely } from 'kysely';

// The public sponsor wall's anonymous figures (issue 60 point 2, decision 102): one row per event,
// sponsorship, German calendar day and placement ('page', 'embed'), with the day's impressions and
// clicks. No address, user agent or any other trace of a visitor is stored: only these sums. Rows
// are written in batches, adding to what is there (one upsert per batch). They go with their event
// or sponsorship (cascade): figures of a deleted sponsorship are nobody's.
export function wallStats() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('wall_stats')
        .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.notNull().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('day', 'varchar(10)', (col) => col.notNull())
        .addColumn('placement', 'varchar(10)', (col) => col.notNull())
        .addColumn('impressions', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('clicks', 'integer', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('wall_stats_key', ['event_id', 'sponsorship_id', 'day', 'placement'])
        .execute();
      await db.schema
        .createIndex('wall_stats_sponsorship')
        .on('wall_stats')
        .columns(['sponsorship_id', 'day'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('wall_stats').execute();
    },
  };
}
