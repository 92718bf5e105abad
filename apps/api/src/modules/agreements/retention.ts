// Sealed agreements past their retention (decision 010's period, counted from completion): removed by
// `npm run admin -- agreement-archive purge` once their sponsorship is gone too (the organisation was
// deleted). While the sponsorship exists, both parties keep their contract.
import type { Db } from '../../db/index.ts';
import { toDbTime } from '../../db/values.ts';
import type { BlobStore } from '../../ports/blobs/index.ts';

export async function purgeExpiredAgreements(db: Db, store: Pick<BlobStore, 'delete'>, now: Date): Promise<number> {
  const expired = await db
    .selectFrom('signed_agreements as a')
    .leftJoin('sponsorships as s', 's.id', 'a.sponsorship_id')
    .select(['a.sha256', 'a.blob_key'])
    .where('a.retain_until', '<=', toDbTime(now))
    .where('s.id', 'is', null)
    .execute();
  let purged = 0;
  for (const row of expired) {
    // The PDF first, then the row: a failure leaves a row to retry, never an unknown PDF.
    await store.delete(row.blob_key);
    await db.deleteFrom('signed_agreements').where('sha256', '=', row.sha256).execute();
    purged++;
  }
  return purged;
}
