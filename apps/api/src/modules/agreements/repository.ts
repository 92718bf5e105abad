// The agreements module's tables: settings per event, signatures, the audit trail and the sealed
// documents. The only writer of agreement_settings, agreement_signatures, agreement_audit and
// signed_agreements.
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import type { AgreementSettingsTable } from '../../db/schema-agreements.ts';
import { fromDbBool, fromDbTime, toDbBool, toDbTime } from '../../db/values.ts';
import type { SealAuditEntry, SealSignature } from './seal.ts';

export type Settings = {
  mode: 'upload' | 'generated';
  clauses: string;
  paymentTermDays: number;
  membersMayCountersign: boolean;
  updatedAt: Date | null;
};

export const DEFAULT_SETTINGS: Settings = {
  mode: 'upload',
  clauses: '',
  paymentTermDays: 14,
  membersMayCountersign: false,
  updatedAt: null,
};

export type SignatureRecord = SealSignature & {
  id: number;
  snapshot: string;
  voidedAt: Date | null;
  voidedBySha256: string | null;
};

export type SignedRecord = {
  sha256: string;
  sponsorshipId: number;
  organisationId: number;
  eventId: number;
  sponsorEmailNormalized: string;
  blobKey: string;
  size: number;
  completedAt: Date;
  retainUntil: Date;
  signers: Array<{ name: string; side: 'sponsor' | 'organisation'; signed_at: string }>;
};

type SignedRow = {
  sha256: string;
  sponsorship_id: number;
  organisation_id: number;
  event_id: number;
  sponsor_email_normalized: string;
  blob_key: string;
  size: number;
  completed_at: Date | string;
  retain_until: Date | string;
  signers: string;
};

const toSigned = (row: SignedRow): SignedRecord => ({
  sha256: row.sha256,
  sponsorshipId: row.sponsorship_id,
  organisationId: row.organisation_id,
  eventId: row.event_id,
  sponsorEmailNormalized: row.sponsor_email_normalized,
  blobKey: row.blob_key,
  size: row.size,
  completedAt: fromDbTime(row.completed_at),
  retainUntil: fromDbTime(row.retain_until),
  signers: JSON.parse(row.signers) as SignedRecord['signers'],
});

export function createAgreementsRepository(db: Db) {
  const signatureRows = (sponsorshipId: number, trx: Db) =>
    trx.selectFrom('agreement_signatures').selectAll().where('sponsorship_id', '=', sponsorshipId).orderBy('id');

  return {
    /** One transaction for a change that spans this module's tables and the sponsorships'. */
    transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    async settings(eventId: number, trx: Db = db): Promise<Settings> {
      const row = await trx
        .selectFrom('agreement_settings')
        .selectAll()
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      if (!row) return DEFAULT_SETTINGS;
      return {
        mode: row.mode,
        clauses: row.clauses,
        paymentTermDays: row.payment_term_days,
        membersMayCountersign: fromDbBool(row.members_may_countersign),
        updatedAt: fromDbTime(row.updated_at),
      };
    },

    async saveSettings(eventId: number, settings: Omit<Settings, 'updatedAt'>, now: Date, trx: Db = db): Promise<void> {
      const values: Omit<AgreementSettingsTable, 'event_id'> = {
        mode: settings.mode,
        clauses: settings.clauses,
        payment_term_days: settings.paymentTermDays,
        members_may_countersign: toDbBool(settings.membersMayCountersign),
        updated_at: toDbTime(now),
      };
      await trx
        .insertInto('agreement_settings')
        .values({ event_id: eventId, ...values })
        .onConflict((oc) => oc.column('event_id').doUpdateSet(values))
        .execute();
    },

    /** Every signature of the sponsorship, voided ones included, oldest first. */
    async signatures(sponsorshipId: number, trx: Db = db): Promise<SignatureRecord[]> {
      const rows = await signatureRows(sponsorshipId, trx).execute();
      return rows.map((row) => ({
        id: row.id,
        side: row.side,
        fullName: row.full_name,
        position: row.position,
        email: row.email,
        signedAt: fromDbTime(row.signed_at),
        ip: row.ip,
        userAgent: row.user_agent,
        documentSha256: row.document_sha256,
        drawnSignature: row.drawn_signature,
        snapshot: row.snapshot,
        voidedAt: row.voided_at === null ? null : fromDbTime(row.voided_at),
        voidedBySha256: row.voided_by_sha256,
      }));
    },

    /**
     * Records a signature; false when that side already has a valid one (the partial unique index
     * decides between concurrent requests).
     */
    async addSignature(
      sponsorshipId: number,
      signature: SealSignature,
      snapshot: string,
      trx: Db = db,
    ): Promise<number | null> {
      try {
        const row = await trx
          .insertInto('agreement_signatures')
          .values({
            sponsorship_id: sponsorshipId,
            side: signature.side,
            full_name: signature.fullName,
            position: signature.position,
            email: signature.email,
            signed_at: toDbTime(signature.signedAt),
            ip: signature.ip,
            user_agent: signature.userAgent,
            document_sha256: signature.documentSha256,
            drawn_signature: signature.drawnSignature,
            snapshot,
            voided_at: null,
            voided_by_sha256: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /** Voids a valid signature; true only for the request that voided it. */
    async voidSignature(id: number, bySha256: string | null, now: Date, trx: Db = db): Promise<boolean> {
      const updated = await trx
        .updateTable('agreement_signatures')
        .set({ voided_at: toDbTime(now), voided_by_sha256: bySha256 })
        .where('id', '=', id)
        .where('voided_at', 'is', null)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** Takes back a signature whose sealing failed, so it can be given again. */
    async removeSignature(id: number): Promise<void> {
      await db.deleteFrom('agreement_signatures').where('id', '=', id).execute();
    },

    async audit(sponsorshipId: number, entry: SealAuditEntry, trx: Db = db): Promise<void> {
      await trx
        .insertInto('agreement_audit')
        .values({
          sponsorship_id: sponsorshipId,
          at: toDbTime(entry.at),
          kind: entry.kind,
          side: entry.side,
          actor: entry.actor,
          ip: entry.ip,
          user_agent: entry.userAgent.slice(0, 400),
          document_sha256: entry.documentSha256,
        })
        .execute();
    },

    async auditTrail(sponsorshipId: number): Promise<SealAuditEntry[]> {
      const rows = await db
        .selectFrom('agreement_audit')
        .selectAll()
        .where('sponsorship_id', '=', sponsorshipId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        at: fromDbTime(row.at),
        kind: row.kind,
        side: row.side,
        actor: row.actor,
        ip: row.ip,
        userAgent: row.user_agent,
        documentSha256: row.document_sha256,
      }));
    },

    async recordSigned(record: SignedRecord, trx: Db = db): Promise<void> {
      await trx
        .insertInto('signed_agreements')
        .values({
          sha256: record.sha256,
          sponsorship_id: record.sponsorshipId,
          organisation_id: record.organisationId,
          event_id: record.eventId,
          sponsor_email_normalized: record.sponsorEmailNormalized,
          blob_key: record.blobKey,
          size: record.size,
          completed_at: toDbTime(record.completedAt),
          retain_until: toDbTime(record.retainUntil),
          signers: JSON.stringify(record.signers),
        })
        .execute();
    },

    async signedFor(sponsorshipId: number, trx: Db = db): Promise<SignedRecord | null> {
      const row = await trx
        .selectFrom('signed_agreements')
        .selectAll()
        .where('sponsorship_id', '=', sponsorshipId)
        .executeTakeFirst();
      return row ? toSigned(row) : null;
    },

    async signedBySha(sha256: string): Promise<SignedRecord | null> {
      const row = await db.selectFrom('signed_agreements').selectAll().where('sha256', '=', sha256).executeTakeFirst();
      return row ? toSigned(row) : null;
    },

    /** The sealed agreements of a sponsor address (the data export). */
    async signedForSponsor(emailNormalized: string): Promise<SignedRecord[]> {
      const rows = await db
        .selectFrom('signed_agreements')
        .selectAll()
        .where('sponsor_email_normalized', '=', emailNormalized)
        .orderBy('completed_at')
        .execute();
      return rows.map(toSigned);
    },
  };
}

export type AgreementsRepository = ReturnType<typeof createAgreementsRepository>;
