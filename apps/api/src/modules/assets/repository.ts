// Kysely for asset specs and rounds; the one writer of asset_specs and asset_rounds. A round's number
// is the deliverable's highest plus one, taken in the upload's transaction; (deliverable, round) is
// unique, so of two uploads at once one gets the number and the other fails (`asset.busy`). A round
// is decided by one conditional update from `submitted`: of two decisions at once, or a decision and
// a new upload (which supersedes the submitted round), exactly one changes it.
import type { AssetSpec } from '@sp/shared';
import { ZAssetSpec } from '@sp/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import type { AssetRoundsTable } from '../../db/schema-assets.ts';
import { fromDbTime, fromDbTimeOrNull, toDbTime } from '../../db/values.ts';
import { fail } from '../../lib/errors.ts';
import type { ActivityEntry } from '../fulfilment/index.ts';
import { enqueueWebhookEvent } from '../webhooks/index.ts';

export type AssetRoundRecord = Omit<AssetRoundsTable, 'id' | 'uploaded_at' | 'decided_at' | 'sponsor_decided_at'> & {
  id: number;
  uploaded_at: Date;
  decided_at: Date | null;
  sponsor_decided_at: Date | null;
};

/** What the organisation's approval waits for, besides the round being open (decision 089). */
export type ApprovalNeeds = { sponsor: boolean; monochrome: boolean };

export type NewRound = Pick<
  AssetRoundsTable,
  'deliverable_id' | 'blob_key' | 'file_type' | 'width' | 'height' | 'bytes' | 'alt_text' | 'uploaded_by'
>;

/** One approved asset of the print bundle: the newest approved round of its deliverable. */
export type BundleEntry = {
  deliverableId: number;
  round: number;
  /** The monochrome variant's original, when the round has one. */
  monoBlobKey: string | null;
  monoFileType: string | null;
  /** The spec's minimum width: the PNG variant of a vector is made at least this wide. */
  minWidth: number | null;
  blobKey: string;
  fileType: string;
  altText: string | null;
  approvedAt: Date;
  packageName: string;
  /** The sponsor's public name from their profile, else their address. */
  sponsorName: string;
  website: string | null;
  placement: string | null;
};

type Log = (trx: Db, entries: ActivityEntry[]) => Promise<void>;

export function createAssetsRepository(db: Db, log: Log) {
  return {
    async spec(deliverableId: number): Promise<AssetSpec | null> {
      const row = await db
        .selectFrom('asset_specs')
        .select('spec')
        .where('deliverable_id', '=', deliverableId)
        .executeTakeFirst();
      return row ? ZAssetSpec.parse(JSON.parse(row.spec)) : null;
    },

    async saveSpec(deliverableId: number, spec: AssetSpec | null, at: Date, entry: ActivityEntry) {
      // Only a real change is written and logged: the same spec saved again (a double click, a retry)
      // leaves the row and the activity log as they are, decided by the statement itself.
      await db.transaction().execute(async (trx) => {
        let changed: bigint;
        if (spec === null) {
          const result = await trx
            .deleteFrom('asset_specs')
            .where('deliverable_id', '=', deliverableId)
            .executeTakeFirst();
          changed = result.numDeletedRows;
        } else {
          const json = JSON.stringify(spec);
          const values = { spec: json, updated_at: toDbTime(at) };
          const result = await trx
            .insertInto('asset_specs')
            .values({ deliverable_id: deliverableId, ...values })
            .onConflict((oc) => oc.column('deliverable_id').doUpdateSet(values).where('asset_specs.spec', '!=', json))
            .executeTakeFirst();
          changed = result.numInsertedOrUpdatedRows ?? 0n;
        }
        if (changed > 0n) await log(trx, [entry]);
      });
    },

    async rounds(deliverableId: number): Promise<AssetRoundRecord[]> {
      const rows = await db
        .selectFrom('asset_rounds')
        .selectAll()
        .where('deliverable_id', '=', deliverableId)
        .orderBy('round', 'desc')
        .execute();
      return rows.map((r) => ({
        ...r,
        uploaded_at: fromDbTime(r.uploaded_at),
        decided_at: fromDbTimeOrNull(r.decided_at),
        sponsor_decided_at: fromDbTimeOrNull(r.sponsor_decided_at),
      }));
    },

    /** The event's approved assets (newest approved round per deliverable), by package and sponsor. */
    async approvedOfEvent(eventId: number): Promise<BundleEntry[]> {
      const rows = await db
        .selectFrom('asset_rounds as r')
        .innerJoin('deliverables as d', 'd.id', 'r.deliverable_id')
        .innerJoin('sponsorships as s', 's.id', 'd.sponsorship_id')
        .leftJoin('sponsorship_choices as c', 'c.sponsorship_id', 's.id')
        .leftJoin('packages as p', 'p.id', 'c.package_id')
        .leftJoin('sponsor_profiles as sp', 'sp.email_normalized', 's.sponsor_email_normalized')
        .leftJoin('asset_specs as spec', 'spec.deliverable_id', 'd.id')
        .select([
          'r.deliverable_id',
          'r.round',
          'r.mono_blob_key',
          'r.mono_file_type',
          'r.blob_key',
          'r.file_type',
          'r.alt_text',
          'r.decided_at',
          'p.name as package_name',
          'sp.public_name',
          'sp.website',
          's.sponsor_email',
          'spec.spec',
        ])
        .where('d.event_id', '=', eventId)
        .where('r.status', '=', 'approved')
        .where((eb) =>
          eb(
            'r.round',
            '=',
            eb
              .selectFrom('asset_rounds as newer')
              .select((e) => e.fn.max('newer.round').as('top'))
              .whereRef('newer.deliverable_id', '=', 'r.deliverable_id')
              .where('newer.status', '=', 'approved'),
          ),
        )
        .orderBy('p.name')
        .orderBy('s.id')
        .orderBy('d.position')
        .execute();
      return rows.map((r) => {
        const spec = r.spec ? ZAssetSpec.parse(JSON.parse(r.spec)) : null;
        return {
          deliverableId: r.deliverable_id,
          round: r.round,
          monoBlobKey: r.mono_blob_key,
          monoFileType: r.mono_file_type,
          minWidth: spec?.min_width ?? null,
          blobKey: r.blob_key,
          fileType: r.file_type,
          altText: r.alt_text,
          approvedAt: fromDbTimeOrNull(r.decided_at) ?? new Date(0),
          packageName: r.package_name ?? '',
          sponsorName: r.public_name || r.sponsor_email,
          website: r.website ?? null,
          placement: spec?.placement ?? null,
        };
      });
    },

    /** Supersedes the undecided round and adds the next; answers its number. */
    async addRound(round: NewRound, at: Date, entry: (round: number) => ActivityEntry): Promise<number> {
      try {
        return await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('asset_rounds')
            .set({ status: 'superseded' })
            .where('deliverable_id', '=', round.deliverable_id)
            .where('status', '=', 'submitted')
            .execute();
          const top = await trx
            .selectFrom('asset_rounds')
            .select((eb) => eb.fn.max('round').as('top'))
            .where('deliverable_id', '=', round.deliverable_id)
            .executeTakeFirst();
          const next = Number(top?.top ?? 0) + 1;
          await trx
            .insertInto('asset_rounds')
            .values({ ...round, round: next, status: 'submitted', uploaded_at: toDbTime(at) })
            .execute();
          await log(trx, [entry(next)]);
          return next;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw fail('asset.busy', 'Another upload took this round; try again');
        throw error;
      }
    },

    /** Decides a submitted round; false when it is not (or no longer) submitted. */
    async decide(
      deliverableId: number,
      round: number,
      decision: { status: 'approved' | 'changes_requested'; by: string; comment: string | null },
      at: Date,
      entry: ActivityEntry,
      needs: ApprovalNeeds = { sponsor: false, monochrome: false },
    ): Promise<boolean> {
      const approving = decision.status === 'approved';
      return db.transaction().execute(async (trx) => {
        let update = trx
          .updateTable('asset_rounds')
          .set({
            status: decision.status,
            decided_at: toDbTime(at),
            decided_by: decision.by,
            comment: decision.comment,
          })
          .where('deliverable_id', '=', deliverableId)
          .where('round', '=', round)
          .where('status', '=', 'submitted');
        // The organisation approves only what the sponsor approved on its proof, with its variant.
        if (approving && needs.sponsor) update = update.where('sponsor_decision', '=', 'approved');
        if (approving && needs.monochrome) update = update.where('mono_blob_key', 'is not', null);
        const result = await update.executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await log(trx, [entry]);
        if (approving) {
          const owner = await trx
            .selectFrom('deliverables')
            .select(['organisation_id', 'event_id', 'sponsorship_id', 'title'])
            .where('id', '=', deliverableId)
            .executeTakeFirstOrThrow();
          await enqueueWebhookEvent(trx, {
            organisationId: owner.organisation_id,
            type: 'asset.approved',
            data: {
              deliverable_id: deliverableId,
              round,
              sponsorship_id: owner.sponsorship_id,
              event_id: owner.event_id,
              title: owner.title,
            },
            at,
          });
        }
        return true;
      });
    },

    /**
     * The sponsor's decision on a round's proof, once (from undecided, while the round is open). An
     * approval leaves the round open for the organisation; a change request closes it like theirs.
     */
    async sponsorDecide(
      deliverableId: number,
      round: number,
      decision: { approve: boolean; by: string; comment: string | null },
      at: Date,
      entry: ActivityEntry,
      needsMonochrome: boolean,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        let update = trx
          .updateTable('asset_rounds')
          .set(
            decision.approve
              ? { sponsor_decision: 'approved', sponsor_decided_at: toDbTime(at) }
              : {
                  sponsor_decision: 'changes_requested',
                  sponsor_decided_at: toDbTime(at),
                  status: 'changes_requested',
                  decided_at: toDbTime(at),
                  decided_by: decision.by,
                  comment: decision.comment,
                },
          )
          .where('deliverable_id', '=', deliverableId)
          .where('round', '=', round)
          .where('status', '=', 'submitted')
          .where('sponsor_decision', 'is', null);
        if (decision.approve && needsMonochrome) update = update.where('mono_blob_key', 'is not', null);
        const result = await update.executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await log(trx, [entry]);
        return true;
      });
    },

    /**
     * Attaches the monochrome variant to the open round (submitted, not yet decided by the sponsor);
     * the same file again changes nothing. Answers the round, or null when no round is open.
     */
    async attachMonochrome(
      deliverableId: number,
      file: { key: string; type: string },
      entry: (round: number) => ActivityEntry,
    ): Promise<{ round: number; changed: boolean } | null> {
      return db.transaction().execute(async (trx) => {
        const open = await trx
          .selectFrom('asset_rounds')
          .select(['round', 'mono_blob_key'])
          .where('deliverable_id', '=', deliverableId)
          .where('status', '=', 'submitted')
          .where('sponsor_decision', 'is', null)
          .executeTakeFirst();
        if (!open) return null;
        const result = await trx
          .updateTable('asset_rounds')
          .set({ mono_blob_key: file.key, mono_file_type: file.type })
          .where('deliverable_id', '=', deliverableId)
          .where('round', '=', open.round)
          .where('status', '=', 'submitted')
          .where('sponsor_decision', 'is', null)
          .where((eb) => eb.or([eb('mono_blob_key', 'is', null), eb('mono_blob_key', '!=', file.key)]))
          .executeTakeFirst();
        const changed = Number(result.numUpdatedRows) === 1;
        if (changed) await log(trx, [entry(open.round)]);
        return { round: open.round, changed };
      });
    },
  };
}

export type AssetsRepository = ReturnType<typeof createAssetsRepository>;
