import type { Kysely } from 'kysely';
import { timeType, type Engine } from '../column-types.ts';

// Asset proofs and variants (issue 59, points 3 and 4; decision 089): the sponsor's own decision on a
// round's proof (approved or asked to change, decided once by a conditional update from null), and
// the monochrome variant a spec may ask for, a second original attached to the open round.
export function assetProofs(engine: Engine) {
  const time = timeType(engine);
  const columns = [
    ['sponsor_decision', 'varchar(20)'],
    ['sponsor_decided_at', time],
    ['mono_blob_key', 'varchar(200)'],
    ['mono_file_type', 'varchar(10)'],
  ] as const;
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, type] of columns) {
        await db.schema.alterTable('asset_rounds').addColumn(name, type).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of columns) await db.schema.alterTable('asset_rounds').dropColumn(name).execute();
    },
  };
}
