// Upload records (event_files): one per upload URL handed out, from pending through stored; the
// events module attaches stored ones to an event when it is saved.
import type { Db } from '../../db/index.ts';
import type { EventFileStatus } from '../../db/schema.ts';
import { fromDbBool, fromDbTime, fromDbTimeOrNull, toDbBool, toDbTime } from '../../db/values.ts';
import { fail } from '../../lib/errors.ts';

export type UploadRecord = {
  s3Id: string;
  eventId: number;
  organisationId: number;
  key: string;
  name: string;
  size: number | null;
  status: EventFileStatus;
  attached: boolean;
  createdAt: Date;
  expiresAt: Date;
  uploadedAt: Date | null;
  /** Set for a sponsor's signed agreement (see migration 0006). */
  sponsorshipId: number | null;
};

const columns = [
  's3_id',
  'event_id',
  'organisation_id',
  'key',
  'name',
  'size',
  'status',
  'attached',
  'created_at',
  'expires_at',
  'uploaded_at',
  'sponsorship_id',
] as const;

type Row = {
  s3_id: string;
  event_id: number;
  organisation_id: number;
  key: string;
  name: string;
  size: number | null;
  status: EventFileStatus;
  attached: number | boolean;
  created_at: string | Date;
  expires_at: string | Date;
  uploaded_at: string | Date | null;
  sponsorship_id: number | null;
};

const toRecord = (row: Row): UploadRecord => ({
  s3Id: row.s3_id,
  eventId: row.event_id,
  organisationId: row.organisation_id,
  key: row.key,
  name: row.name,
  size: row.size === null ? null : Number(row.size),
  status: row.status,
  attached: fromDbBool(row.attached),
  createdAt: fromDbTime(row.created_at),
  expiresAt: fromDbTime(row.expires_at),
  uploadedAt: fromDbTimeOrNull(row.uploaded_at),
  sponsorshipId: row.sponsorship_id,
});

export function createFilesRepository(db: Db) {
  const setStatus = async (
    s3Id: string,
    from: EventFileStatus,
    to: EventFileStatus,
    extra: { size?: number; uploadedAt?: Date } = {},
  ) => {
    const result = await db
      .updateTable('event_files')
      .set({
        status: to,
        ...(extra.size !== undefined ? { size: extra.size } : {}),
        ...(extra.uploadedAt ? { uploaded_at: toDbTime(extra.uploadedAt) } : {}),
      })
      .where('s3_id', '=', s3Id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };

  return {
    async createUpload(input: {
      s3Id: string;
      eventId: number;
      organisationId: number;
      key: string;
      name: string;
      createdAt: Date;
      expiresAt: Date;
      sponsorshipId?: number;
    }): Promise<void> {
      await db
        .insertInto('event_files')
        .values({
          s3_id: input.s3Id,
          event_id: input.eventId,
          organisation_id: input.organisationId,
          key: input.key,
          name: input.name,
          size: null,
          status: 'pending',
          attached: toDbBool(false),
          created_at: toDbTime(input.createdAt),
          expires_at: toDbTime(input.expiresAt),
          uploaded_at: null,
          sponsorship_id: input.sponsorshipId ?? null,
        })
        .execute();
    },

    async findById(s3Id: string): Promise<UploadRecord | undefined> {
      const row = await db.selectFrom('event_files').select(columns).where('s3_id', '=', s3Id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async findByKey(key: string): Promise<UploadRecord | undefined> {
      const row = await db.selectFrom('event_files').select(columns).where('key', '=', key).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** pending -> uploading; false when another request got there first or it was already used. */
    claimForUpload: (s3Id: string) => setStatus(s3Id, 'pending', 'uploading'),
    /** uploading -> pending after a refused or failed upload, so the same URL may be tried again. */
    releaseClaim: (s3Id: string) => setStatus(s3Id, 'uploading', 'pending'),
    markStored: (s3Id: string, from: EventFileStatus, size: number, now: Date) =>
      setStatus(s3Id, from, 'stored', { size, uploadedAt: now }),

    /** Uploads never attached to an event and created before `before`: abandoned. */
    async listAbandoned(organisationId: number, before: Date): Promise<UploadRecord[]> {
      const rows = await db
        .selectFrom('event_files')
        .select(columns)
        .where('organisation_id', '=', organisationId)
        .where('attached', '=', toDbBool(false))
        .where('created_at', '<', toDbTime(before))
        .limit(100)
        .execute();
      return rows.map(toRecord);
    },

    /**
     * Attaches the listed stored uploads of an event (inside the caller's transaction); throws 409
     * unless every one of them was still there to attach.
     */
    async attachEventFiles(trx: Db, eventId: number, fileIds: string[]): Promise<void> {
      if (fileIds.length === 0) return;
      const attached = await trx
        .updateTable('event_files')
        .set({ attached: toDbBool(true) })
        .where('event_id', '=', eventId)
        .where('sponsorship_id', 'is', null)
        .where('status', '=', 'stored')
        .where('s3_id', 'in', fileIds)
        .executeTakeFirst();
      if (Number(attached.numUpdatedRows) !== fileIds.length) {
        throw fail('file.changed', 'A file changed while the event was saved; please try again');
      }
    },

    /** Removes the event's attached files not in `keepIds`; answers their keys (blobs go after commit). */
    async removeUnlistedEventFiles(trx: Db, eventId: number, keepIds: string[]): Promise<string[]> {
      let removed = trx
        .deleteFrom('event_files')
        .where('event_id', '=', eventId)
        .where('sponsorship_id', 'is', null)
        .where('attached', '=', toDbBool(true))
        .returning('key');
      if (keepIds.length > 0) removed = removed.where('s3_id', 'not in', keepIds);
      const rows = await removed.execute();
      return rows.map((r) => r.key);
    },

    /** Attaches a stored upload as the sponsorship's signed copy; answers whether it was there. */
    async attachSignedAgreement(trx: Db, sponsorshipId: number, s3Id: string): Promise<boolean> {
      const attached = await trx
        .updateTable('event_files')
        .set({ attached: toDbBool(true) })
        .where('s3_id', '=', s3Id)
        .where('sponsorship_id', '=', sponsorshipId)
        .where('status', '=', 'stored')
        .executeTakeFirst();
      return Number(attached.numUpdatedRows) === 1;
    },

    /** Deletes a file's row; answers its key (the caller deletes the blob after commit). */
    async deleteFile(trx: Db, s3Id: string): Promise<string | null> {
      const replaced = await trx
        .deleteFrom('event_files')
        .where('s3_id', '=', s3Id)
        .returning('key')
        .executeTakeFirst();
      return replaced?.key ?? null;
    },

    async deleteUnattached(s3Id: string): Promise<void> {
      await db.deleteFrom('event_files').where('s3_id', '=', s3Id).where('attached', '=', toDbBool(false)).execute();
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
