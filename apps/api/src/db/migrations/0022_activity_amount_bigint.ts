import { sql, type Kysely } from 'kysely';
import type { Engine } from '../column-types.ts';

// The activity log keeps the amount a sponsorship was changed to. Sponsorship amounts go up to
// 100 million euro (bigint since 0005); the log's column was a 32-bit integer on PostgreSQL, so an
// amount above 21,474,836.47 EUR failed with a 500 (found by the hostile-input test). SQLite's
// integer is 64-bit already.
export function activityAmountBigint(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await sql`alter table sponsorship_activity alter column amount_cents type bigint`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await sql`alter table sponsorship_activity alter column amount_cents type integer`.execute(db);
    },
  };
}
