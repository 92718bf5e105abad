// The agreement archive (migration 0011): signed agreements copied out of an organisation's records in
// the transaction that deletes it, read by their sponsor, moved to their archive key, and removed
// once their retention has passed.
import type { SponsorshipStatus } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { fromDbTime, toDbTime } from '../../db/values.ts';

export type ArchivedAgreement = {
  id: number;
  organisationId: number;
  organisationName: string;
  organisationAddress: string;
  eventId: number;
  eventTitle: string;
  eventDate: string;
  sponsorshipId: number;
  sponsorEmail: string;
  sponsorEmailNormalized: string;
  amountCents: number | null;
  status: SponsorshipStatus;
  fileName: string;
  blobKey: string;
  size: number | null;
  signedUploadedAt: Date;
  archivedAt: Date;
  retainUntil: Date;
};

/** Keys under this prefix are the archive's own copies; anything else still lies in the organisation's. */
export const ARCHIVE_KEY_PREFIX = 'archive/agreements/';

const COLUMNS = [
  'id',
  'organisation_id',
  'organisation_name',
  'organisation_address',
  'event_id',
  'event_title',
  'event_date',
  'sponsorship_id',
  'sponsor_email',
  'sponsor_email_normalized',
  'amount_cents',
  'status',
  'file_name',
  'blob_key',
  'size',
  'signed_uploaded_at',
  'archived_at',
  'retain_until',
] as const;

export function createAgreementArchiveRepository(db: Db) {
  const select = (trx: Db = db) => trx.selectFrom('archived_agreements').select(COLUMNS);
  type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const toRecord = (row: Row): ArchivedAgreement => ({
    id: row.id,
    organisationId: row.organisation_id,
    organisationName: row.organisation_name,
    organisationAddress: row.organisation_address,
    eventId: row.event_id,
    eventTitle: row.event_title,
    eventDate: row.event_date,
    sponsorshipId: row.sponsorship_id,
    sponsorEmail: row.sponsor_email,
    sponsorEmailNormalized: row.sponsor_email_normalized,
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    status: row.status,
    fileName: row.file_name,
    blobKey: row.blob_key,
    size: row.size === null ? null : Number(row.size),
    signedUploadedAt: fromDbTime(row.signed_uploaded_at),
    archivedAt: fromDbTime(row.archived_at),
    retainUntil: fromDbTime(row.retain_until),
  });

  return {
    /**
     * Copies every sponsorship of the organisation that has a stored signed agreement into the
     * archive, pointing at the agreement's current key. Meant for the transaction that then deletes
     * the organisation (`trx`), so either both happen or neither. Answers how many were archived.
     */
    async archiveOrganisation(
      organisationId: number,
      now: Date,
      retainUntilOf: (signedAt: Date) => Date,
      trx: Db = db,
    ): Promise<number> {
      const rows = await trx
        .selectFrom('sponsorships as s')
        .innerJoin('events as e', 'e.id', 's.event_id')
        .innerJoin('organisations as o', 'o.id', 's.organisation_id')
        .innerJoin('event_files as f', 'f.s3_id', 's.signed_file_id')
        .select([
          's.id',
          's.event_id',
          's.sponsor_email',
          's.sponsor_email_normalized',
          's.amount_cents',
          's.status',
          's.signed_uploaded_at',
          'e.title',
          'e.event_date',
          'o.name',
          'o.street',
          'o.house_number',
          'o.postal_code',
          'o.city',
          'o.country',
          'f.name as file_name',
          'f.key',
          'f.size',
          'f.uploaded_at',
          'f.created_at',
        ])
        .where('s.organisation_id', '=', organisationId)
        .where('f.status', '=', 'stored')
        .orderBy('s.id')
        .execute();
      if (rows.length === 0) return 0;
      await trx
        .insertInto('archived_agreements')
        .values(
          rows.map((row) => {
            const signedAt = fromDbTime(row.signed_uploaded_at ?? row.uploaded_at ?? row.created_at);
            return {
              organisation_id: organisationId,
              organisation_name: row.name,
              organisation_address: `${row.street} ${row.house_number}, ${row.postal_code} ${row.city}, ${row.country}`,
              event_id: row.event_id,
              event_title: row.title,
              event_date: row.event_date,
              sponsorship_id: row.id,
              sponsor_email: row.sponsor_email,
              sponsor_email_normalized: row.sponsor_email_normalized,
              amount_cents: row.amount_cents === null ? null : Number(row.amount_cents),
              status: row.status,
              file_name: row.file_name,
              blob_key: row.key,
              size: row.size === null ? null : Number(row.size),
              signed_uploaded_at: toDbTime(signedAt),
              archived_at: toDbTime(now),
              retain_until: toDbTime(retainUntilOf(signedAt)),
            };
          }),
        )
        .execute();
      return rows.length;
    },

    async findById(id: number): Promise<ArchivedAgreement | undefined> {
      const row = await select().where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** The agreements whose sponsor address is this one, most recently signed first. */
    async listForSponsor(sponsorEmailNormalized: string): Promise<ArchivedAgreement[]> {
      const rows = await select()
        .where('sponsor_email_normalized', '=', sponsorEmailNormalized)
        .orderBy('signed_uploaded_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toRecord);
    },

    /** Rows whose PDF still lies under a deleted organisation's prefix (of that organisation, or all). */
    async listNotRelocated(organisationId?: number): Promise<ArchivedAgreement[]> {
      let query = select().where('blob_key', 'not like', `${ARCHIVE_KEY_PREFIX}%`);
      if (organisationId !== undefined) query = query.where('organisation_id', '=', organisationId);
      const rows = await query.orderBy('id').execute();
      return rows.map(toRecord);
    },

    /** Points the row at its PDF's new key, if it still points at `from`; answers whether it changed. */
    async moveBlobKey(id: number, from: string, to: string): Promise<boolean> {
      const result = await db
        .updateTable('archived_agreements')
        .set({ blob_key: to })
        .where('id', '=', id)
        .where('blob_key', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async organisationExists(organisationId: number): Promise<boolean> {
      const row = await db.selectFrom('organisations').select('id').where('id', '=', organisationId).executeTakeFirst();
      return row !== undefined;
    },

    /** Rows whose retention ended at or before `now`, oldest first. */
    async listExpired(now: Date, limit = 500): Promise<ArchivedAgreement[]> {
      const rows = await select()
        .where('retain_until', '<=', toDbTime(now))
        .orderBy('retain_until')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('archived_agreements').where('id', '=', id).execute();
    },
  };
}

export type AgreementArchiveRepository = ReturnType<typeof createAgreementArchiveRepository>;
