// Kysely for delivery evidence and its comments (decision 107); the one writer of deliverable_evidence
// and deliverable_evidence_comments. Every change is decided by the database: a piece is one row per
// deliverable and content (a unique key: a double click adds nothing twice), the thumbs up a
// conditional update of its column, a comment one row per piece and text; each change writes its
// activity entry in the same transaction, and only when it changed something.
import type { Db } from '../../db/index.ts';
import type { DeliverableEvidenceTable } from '../../db/schema-evidence.ts';
import { fromDbTime, fromDbTimeOrNull, toDbTime } from '../../db/values.ts';
import type { ActivityEntry } from './repository.ts';

export type EvidenceRecord = {
  id: number;
  deliverableId: number;
  sponsorshipId: number;
  kind: DeliverableEvidenceTable['kind'];
  note: string | null;
  url: string | null;
  blobKey: string | null;
  thumbKey: string | null;
  width: number | null;
  height: number | null;
  bytes: number | null;
  addedAt: Date;
  addedBy: string;
  thumbsUpAt: Date | null;
  comments: Array<{ id: number; at: Date; actor: string; text: string }>;
};

export type NewEvidence = Pick<
  DeliverableEvidenceTable,
  | 'deliverable_id'
  | 'sponsorship_id'
  | 'kind'
  | 'content_key'
  | 'note'
  | 'url'
  | 'blob_key'
  | 'thumb_key'
  | 'width'
  | 'height'
  | 'bytes'
  | 'added_by'
>;

type Log = (trx: Db, entries: ActivityEntry[]) => Promise<void>;

export function createEvidenceRepository(db: Db, log: Log) {
  const records = async (where: { sponsorshipId: number } | { id: number }): Promise<EvidenceRecord[]> => {
    let query = db.selectFrom('deliverable_evidence').selectAll().orderBy('id');
    query = 'id' in where ? query.where('id', '=', where.id) : query.where('sponsorship_id', '=', where.sponsorshipId);
    const rows = await query.execute();
    if (rows.length === 0) return [];
    const comments = await db
      .selectFrom('deliverable_evidence_comments')
      .select(['id', 'evidence_id', 'at', 'actor', 'text'])
      .where(
        'evidence_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      deliverableId: r.deliverable_id,
      sponsorshipId: r.sponsorship_id,
      kind: r.kind,
      note: r.note,
      url: r.url,
      blobKey: r.blob_key,
      thumbKey: r.thumb_key,
      width: r.width,
      height: r.height,
      bytes: r.bytes,
      addedAt: fromDbTime(r.added_at),
      addedBy: r.added_by,
      thumbsUpAt: fromDbTimeOrNull(r.thumbs_up_at),
      comments: comments
        .filter((c) => c.evidence_id === r.id)
        .map((c) => ({ id: c.id, at: fromDbTime(c.at), actor: c.actor, text: c.text })),
    }));
  };

  return {
    ofSponsorship: (sponsorshipId: number) => records({ sponsorshipId }),

    async find(id: number): Promise<EvidenceRecord | null> {
      return (await records({ id }))[0] ?? null;
    },

    async count(deliverableId: number): Promise<number> {
      const row = await db
        .selectFrom('deliverable_evidence')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deliverable_id', '=', deliverableId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Adds the piece unless the deliverable has the same content already; answers the piece's id. */
    async add(piece: NewEvidence, at: Date, entry: ActivityEntry): Promise<{ id: number; added: boolean }> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('deliverable_evidence')
          .values({ ...piece, added_at: toDbTime(at), thumbs_up_at: null, thumbs_up_by: null })
          .onConflict((oc) => oc.columns(['deliverable_id', 'content_key']).doNothing())
          .executeTakeFirst();
        const added = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
        if (added) await log(trx, [entry]);
        const row = await trx
          .selectFrom('deliverable_evidence')
          .select('id')
          .where('deliverable_id', '=', piece.deliverable_id)
          .where('content_key', '=', piece.content_key)
          .executeTakeFirstOrThrow();
        return { id: row.id, added };
      });
    },

    /** Removes the piece of this deliverable; false when it is not (or no longer) there. */
    async remove(deliverableId: number, id: number, entry: ActivityEntry): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('deliverable_evidence')
          .where('id', '=', id)
          .where('deliverable_id', '=', deliverableId)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) return false;
        await log(trx, [entry]);
        return true;
      });
    },

    /** Sets or withdraws the thumbs up; logs only a change (a second click of the same is nothing). */
    async react(
      deliverableId: number,
      id: number,
      reaction: { thumbsUp: boolean; by: string },
      at: Date,
      entry: ActivityEntry,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('deliverable_evidence')
          .set(
            reaction.thumbsUp
              ? { thumbs_up_at: toDbTime(at), thumbs_up_by: reaction.by }
              : { thumbs_up_at: null, thumbs_up_by: null },
          )
          .where('id', '=', id)
          .where('deliverable_id', '=', deliverableId)
          .where('thumbs_up_at', reaction.thumbsUp ? 'is' : 'is not', null)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) > 0 && reaction.thumbsUp) await log(trx, [entry]);
      });
    },

    /** The sponsor's comment, once per piece and text. */
    async comment(
      id: number,
      comment: { actor: string; text: string; textKey: string },
      at: Date,
      entry: ActivityEntry,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('deliverable_evidence_comments')
          .values({
            evidence_id: id,
            at: toDbTime(at),
            actor: comment.actor,
            text: comment.text,
            text_key: comment.textKey,
          })
          .onConflict((oc) => oc.columns(['evidence_id', 'text_key']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) await log(trx, [entry]);
      });
    },
  };
}

export type EvidenceRepository = ReturnType<typeof createEvidenceRepository>;
