// The sponsor wall's setting carried into an event's next edition (decision 101), in the planning
// transaction. Only the organiser's switch: the sponsors' consents belong to their sponsorships.
import type { Db } from '../../db/index.ts';
import { toDbTime } from '../../db/values.ts';

export async function copyWallSetting(trx: Db, fromEventId: number, toEventId: number, by: string, now: Date) {
  const row = await trx
    .selectFrom('sponsor_walls')
    .select('enabled')
    .where('event_id', '=', fromEventId)
    .executeTakeFirst();
  if (!row) return false;
  await trx
    .insertInto('sponsor_walls')
    .values({ event_id: toEventId, enabled: row.enabled, updated_by: by, updated_at: toDbTime(now) })
    .execute();
  return true;
}
