// Sponsorships as their two parties see them: the event and organisation they belong to, the event's
// agreement files, and the signed copy. Recording the signed copy is one transaction that attaches the
// upload, points the sponsorship at it and drops the copy it replaces. Status changes and amount
// changes are conditional updates on the current status.
import { OPEN_SPONSORSHIP_STATUSES, type SponsorshipStatus } from '@sp/shared';
import { sql } from 'kysely';
import { heldRows } from '../../db/held-rows.ts';
import type { Db } from '../../db/index.ts';
import { fromDbTime, fromDbTimeOrNull, toDbBool, toDbTime } from '../../db/values.ts';
import { fail } from '../../lib/errors.ts';
import { enqueueWebhookEvent } from '../webhooks/index.ts';

export type SignedAgreementRecord = {
  s3Id: string;
  name: string;
  key: string;
  size: number | null;
  uploadedAt: Date;
};

/** An organisation and a sponsor address (normalised) with at least one sponsorship between them. */
export type SponsorshipParty = { organisationId: number; sponsorEmail: string };

export type SponsorshipRecord = {
  id: number;
  eventId: number;
  eventTitle: string;
  eventDate: string;
  organisationId: number;
  organisationName: string;
  sponsorEmail: string;
  sponsorEmailNormalized: string;
  status: SponsorshipStatus;
  amountCents: number | null;
  signedFileId: string | null;
  agreementDownloadedAt: Date | null;
  /** Whether an account accepted the sponsor's invitation (the sponsor may sign in, not only use the link). */
  sponsorLinked: boolean;
  /** The language the sponsor uses (told by their app), null until told (decision 074). */
  sponsorLanguage: 'de' | 'en' | null;
  /** The organiser's language for the agreement, null = the sponsor's (decision 074). */
  agreementLanguage: 'de' | 'en' | null;
  createdAt: Date;
  updatedAt: Date;
};

export type AgreementFile = { s3Id: string; name: string; key: string };

/** What the CSV export adds to a sponsorship: its chosen package and the names the sponsor entered. */
export type ExportDetails = { packageName: string | null; legalName: string | null; publicName: string | null };

/**
 * Open sponsorships: the sponsor may replace the signed copy or withdraw, the organiser may change
 * the amount or decline, until someone has decided.
 */
export const SIGNABLE_STATUSES: readonly SponsorshipStatus[] = OPEN_SPONSORSHIP_STATUSES;

/** Before anyone signed or decided: the agreement's draft may still change its language. */
const UNSIGNED_STATUSES: readonly SponsorshipStatus[] = ['invited', 'downloaded'];

/** The files module's writes of `event_files` that a signed upload makes in its own transaction. */
export type SignedFileWrites = {
  attachSignedAgreement(trx: Db, sponsorshipId: number, s3Id: string): Promise<boolean>;
  deleteFile(trx: Db, s3Id: string): Promise<string | null>;
};

/** The sponsorship's row as a change sees it once it holds the row (see `lockSponsorship`). */
export type LockedSponsorship = {
  id: number;
  eventId: number;
  status: SponsorshipStatus;
  amountCents: number | null;
};

/**
 * Holds the sponsorship's row for the rest of `trx`: every change to a sponsorship (its status, amount,
 * package, signatures) starts with this, so two changes of one sponsorship run one after the other and
 * each decides on the state the other left (decision 059). PostgreSQL: `select … for update` (under
 * read committed a later statement of the waiting transaction sees what the first committed).
 * SQLite: one connection runs one transaction at a time, so a plain read inside it is already held.
 */
export async function lockSponsorship(trx: Db, id: number): Promise<LockedSponsorship | undefined> {
  const query = trx
    .selectFrom('sponsorships')
    .select(['id', 'event_id', 'status', 'amount_cents'])
    .where('id', '=', id);
  const row = await heldRows(trx, query).executeTakeFirst();
  return row
    ? {
        id: row.id,
        eventId: row.event_id,
        status: row.status,
        amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
      }
    : undefined;
}

/** The status a sponsorship returns to when its signature no longer holds: where it was before signing. */
const unsignedStatus = sql<SponsorshipStatus>`case when agreement_downloaded_at is null then 'invited' else 'downloaded' end`;

/** `sponsorship.confirmed` for the organisation's webhooks, in the transaction that confirmed it (decision 111). */
async function confirmedWebhook(trx: Db, id: number, at: Date): Promise<void> {
  const row = await trx
    .selectFrom('sponsorships')
    .select(['organisation_id', 'event_id', 'sponsor_email', 'amount_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await enqueueWebhookEvent(trx, {
    organisationId: row.organisation_id,
    type: 'sponsorship.confirmed',
    data: {
      sponsorship_id: id,
      event_id: row.event_id,
      sponsor_email: row.sponsor_email,
      amount_cents: row.amount_cents === null ? null : Number(row.amount_cents),
    },
    at,
  });
}

export function createSponsorshipsRepository(db: Db, files: SignedFileWrites) {
  const base = () =>
    db
      .selectFrom('sponsorships as s')
      .innerJoin('events as e', 'e.id', 's.event_id')
      .innerJoin('organisations as o', 'o.id', 's.organisation_id')
      .select([
        's.id',
        's.event_id',
        'e.title as event_title',
        'e.event_date',
        's.organisation_id',
        'o.name as organisation_name',
        's.sponsor_email',
        's.sponsor_email_normalized',
        's.status',
        's.amount_cents',
        's.signed_file_id',
        's.agreement_downloaded_at',
        's.sponsor_cognito_id',
        's.sponsor_language',
        's.agreement_language',
        's.created_at',
        's.updated_at',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;
  const toRecord = (row: Row): SponsorshipRecord => ({
    id: row.id,
    eventId: row.event_id,
    eventTitle: row.event_title,
    eventDate: row.event_date,
    organisationId: row.organisation_id,
    organisationName: row.organisation_name,
    sponsorEmail: row.sponsor_email,
    sponsorEmailNormalized: row.sponsor_email_normalized,
    status: row.status,
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    signedFileId: row.signed_file_id,
    agreementDownloadedAt: fromDbTimeOrNull(row.agreement_downloaded_at),
    sponsorLinked: row.sponsor_cognito_id !== null,
    sponsorLanguage: row.sponsor_language,
    agreementLanguage: row.agreement_language,
    createdAt: fromDbTime(row.created_at),
    updatedAt: fromDbTime(row.updated_at),
  });

  return {
    async findById(id: number): Promise<SponsorshipRecord | undefined> {
      const row = await base().where('s.id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /**
     * The distinct (organisation, sponsor address) pairs of a sponsor address's sponsorships or of an
     * event's: whom a change of a sponsor's profile or of an event's offer concerns (live screens).
     */
    async partiesOf(scope: { sponsorEmailNormalized: string } | { eventId: number }): Promise<SponsorshipParty[]> {
      let query = db.selectFrom('sponsorships').select(['organisation_id', 'sponsor_email_normalized']).distinct();
      query =
        'eventId' in scope
          ? query.where('event_id', '=', scope.eventId)
          : query.where('sponsor_email_normalized', '=', scope.sponsorEmailNormalized);
      const rows = await query.execute();
      return rows.map((r) => ({ organisationId: r.organisation_id, sponsorEmail: r.sponsor_email_normalized }));
    },

    async listForEvent(eventId: number): Promise<SponsorshipRecord[]> {
      const rows = await base().where('s.event_id', '=', eventId).orderBy('s.created_at').orderBy('s.id').execute();
      return rows.map(toRecord);
    },

    /** The sponsorships whose sponsor address is this one, newest event date first. */
    async listForSponsor(sponsorEmailNormalized: string): Promise<SponsorshipRecord[]> {
      const rows = await base()
        .where('s.sponsor_email_normalized', '=', sponsorEmailNormalized)
        .orderBy('e.event_date', 'desc')
        .orderBy('s.id', 'desc')
        .execute();
      return rows.map(toRecord);
    },

    /**
     * One sponsorship per event and sponsor address (inside the inviting transaction): inviting again
     * keeps the row and updates the amount when one is given.
     */
    async upsertInvitedSponsorship(
      trx: Db,
      input: {
        eventId: number;
        organisationId: number;
        sponsorEmail: string;
        sponsorEmailNormalized: string;
        amountCents: number | undefined;
        at: Date;
      },
    ): Promise<{ id: number }> {
      const at = toDbTime(input.at);
      return trx
        .insertInto('sponsorships')
        .values({
          event_id: input.eventId,
          organisation_id: input.organisationId,
          sponsor_email: input.sponsorEmail,
          sponsor_email_normalized: input.sponsorEmailNormalized,
          status: 'invited',
          amount_cents: input.amountCents ?? null,
          sponsor_cognito_id: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc.columns(['event_id', 'sponsor_email_normalized']).doUpdateSet({
            updated_at: at,
            ...(input.amountCents !== undefined ? { amount_cents: input.amountCents } : {}),
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    /** Links the sponsor's registered account to the sponsorship (an accepted invitation). */
    async linkSponsorAccount(trx: Db, sponsorshipId: number, sub: string, now: Date): Promise<void> {
      await trx
        .updateTable('sponsorships')
        .set({ sponsor_cognito_id: sub, updated_at: toDbTime(now) })
        .where('id', '=', sponsorshipId)
        .execute();
    },

    /** A deleted account: its sponsorships stay with their organisation, under the address only. */
    async forgetSponsorAccount(trx: Db, cognitoId: string): Promise<void> {
      await trx
        .updateTable('sponsorships')
        .set({ sponsor_cognito_id: null })
        .where('sponsor_cognito_id', '=', cognitoId)
        .execute();
    },

    /**
     * Moves the sponsorship to `to` when its status is still one of `from` (checked in the same
     * statement, so two decisions at once cannot both win). Answers whether it changed.
     */
    async changeStatus(
      id: number,
      from: readonly SponsorshipStatus[],
      to: SponsorshipStatus,
      now: Date,
      trx: Db = db,
    ): Promise<boolean> {
      const updated = await trx
        .updateTable('sponsorships')
        .set({ status: to, updated_at: toDbTime(now) })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      const changed = Number(updated.numUpdatedRows) === 1;
      if (changed && to === 'confirmed') await confirmedWebhook(trx, id, now);
      return changed;
    },

    /**
     * The language the sponsor tells (decision 074). An agreement a signature or decision has frozen
     * keeps the language it was made in: when no organiser's choice holds it yet, the statement pins
     * the language it followed until now (the old value, as SET reads the row before the change:
     * the told one, else the legal details', else German), so the sponsor's new language cannot change
     * (and void) what was signed.
     */
    async tellSponsorLanguage(id: number, language: 'de' | 'en'): Promise<void> {
      await db
        .updateTable('sponsorships')
        .set({
          sponsor_language: language,
          agreement_language: sql<'de' | 'en' | null>`case
            when agreement_language is null and status not in ('invited', 'downloaded') then coalesce(
              sponsor_language,
              (select l.language from sponsor_legal_details l where l.email_normalized = sponsorships.sponsor_email_normalized),
              'de')
            else agreement_language end`,
        })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('sponsor_language', 'is', null), eb('sponsor_language', '!=', language)]))
        .execute();
    },

    /**
     * The organiser's language for the agreement (null = the sponsor's), only while nobody has signed
     * it and nobody decided: decided by this statement on the current status (the sponsor's signature
     * moves it to `signed` on the held row), so a change and a signature at once cannot both win.
     */
    async setAgreementLanguage(id: number, language: 'de' | 'en' | null, now: Date): Promise<boolean> {
      const updated = await db
        .updateTable('sponsorships')
        .set({ agreement_language: language, updated_at: toDbTime(now) })
        .where('id', '=', id)
        .where('status', 'in', UNSIGNED_STATUSES)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** Runs `work` in one transaction that holds the sponsorship's row (`lockSponsorship`). */
    locked<T>(id: number, work: (trx: Db, current: LockedSponsorship | undefined) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => work(trx, await lockSponsorship(trx, id)));
    },

    /**
     * Holds the open sponsorships among `ids` (or of an event), in id order so that two such changes
     * cannot wait for each other; answers their ids.
     */
    async lockOpen(trx: Db, scope: { ids: number[] } | { eventId: number }): Promise<number[]> {
      if ('ids' in scope && scope.ids.length === 0) return [];
      let query = trx.selectFrom('sponsorships').select('id').where('status', 'in', SIGNABLE_STATUSES).orderBy('id');
      query = 'ids' in scope ? query.where('id', 'in', scope.ids) : query.where('event_id', '=', scope.eventId);
      const rows = await heldRows(trx, query).execute();
      return rows.map((r) => r.id);
    },

    /** Of the given (held) sponsorships, those whose signature is an uploaded signed copy. */
    async uploadedCopies(trx: Db, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await trx
        .selectFrom('sponsorships')
        .select('id')
        .where('id', 'in', ids)
        .where('signed_file_id', 'is not', null)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * The agreements module's signatures, in its transaction: the sponsor's makes an open sponsorship
     * `signed`, the countersignature makes a signed one `confirmed`. Answers the status it had, or null.
     */
    async moveByAgreement(
      trx: Db,
      id: number,
      to: 'signed' | 'confirmed',
      now: Date,
    ): Promise<SponsorshipStatus | null> {
      const current = await lockSponsorship(trx, id);
      if (!current) return null;
      const from: readonly SponsorshipStatus[] =
        to === 'signed' ? SIGNABLE_STATUSES.filter((s) => s !== 'signed') : ['signed'];
      if (!from.includes(current.status)) return null;
      const updated = await trx
        .updateTable('sponsorships')
        .set({ status: to, updated_at: toDbTime(now) })
        .where('id', '=', id)
        .where('status', '=', current.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return null;
      if (to === 'confirmed') await confirmedWebhook(trx, id, now);
      return current.status;
    },

    /**
     * A signed sponsorship whose signature was voided goes back to where it was before signing
     * (`downloaded` once the agreement was taken, else `invited`), in the voiding transaction.
     * Answers the status it now has, or null when it was not `signed`.
     */
    async revertSigned(trx: Db, id: number, now: Date): Promise<SponsorshipStatus | null> {
      const row = await trx
        .updateTable('sponsorships')
        .set({ status: unsignedStatus, updated_at: toDbTime(now) })
        .where('id', '=', id)
        .where('status', '=', 'signed')
        .returning('status')
        .executeTakeFirst();
      return row?.status ?? null;
    },

    /** Changes the amount of a sponsorship that is still open; answers whether it changed. */
    async changeAmount(id: number, amountCents: number, now: Date, trx: Db = db): Promise<boolean> {
      const updated = await trx
        .updateTable('sponsorships')
        .set({ amount_cents: amountCents, updated_at: toDbTime(now) })
        .where('id', '=', id)
        .where('status', 'in', SIGNABLE_STATUSES)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async isMember(cognitoId: string, organisationId: number): Promise<boolean> {
      const row = await db
        .selectFrom('user_profiles')
        .select('cognito_id')
        .where('cognito_id', '=', cognitoId)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The event's own files (the agreement to sign) of each event, oldest first. */
    async agreementFiles(eventIds: number[]): Promise<Map<number, AgreementFile[]>> {
      const byEvent = new Map<number, AgreementFile[]>(eventIds.map((id) => [id, []]));
      if (eventIds.length === 0) return byEvent;
      const rows = await db
        .selectFrom('event_files')
        .select(['s3_id', 'event_id', 'name', 'key'])
        .where('event_id', 'in', eventIds)
        .where('sponsorship_id', 'is', null)
        .where('attached', '=', toDbBool(true))
        .where('status', '=', 'stored')
        .orderBy('created_at')
        .orderBy('s3_id')
        .execute();
      for (const row of rows) byEvent.get(row.event_id)?.push({ s3Id: row.s3_id, name: row.name, key: row.key });
      return byEvent;
    },

    /**
     * For the CSV export, per sponsorship of the event: the chosen package's name, and the sponsor's
     * legal name (billing details) and public name (sponsor profile) where the sponsor entered them.
     */
    async exportDetails(eventId: number): Promise<Map<number, ExportDetails>> {
      const rows = await db
        .selectFrom('sponsorships as s')
        .leftJoin('sponsorship_choices as c', 'c.sponsorship_id', 's.id')
        .leftJoin('packages as p', 'p.id', 'c.package_id')
        .leftJoin('sponsor_legal_details as l', 'l.email_normalized', 's.sponsor_email_normalized')
        .leftJoin('sponsor_profiles as sp', 'sp.email_normalized', 's.sponsor_email_normalized')
        .where('s.event_id', '=', eventId)
        .select(['s.id', 'p.name as package_name', 'l.legal_name', 'sp.public_name'])
        .execute();
      return new Map(
        rows.map((row) => [
          row.id,
          { packageName: row.package_name, legalName: row.legal_name, publicName: row.public_name || null },
        ]),
      );
    },

    /**
     * The sponsors' own names by address: the sponsor profile's public name, else the billing
     * details' legal name.
     */
    async sponsorNames(emailsNormalized: string[]): Promise<Map<string, string>> {
      const names = new Map<string, string>();
      if (emailsNormalized.length === 0) return names;
      const [profiles, legal] = await Promise.all([
        db
          .selectFrom('sponsor_profiles')
          .select(['email_normalized', 'public_name'])
          .where('email_normalized', 'in', emailsNormalized)
          .execute(),
        db
          .selectFrom('sponsor_legal_details')
          .select(['email_normalized', 'legal_name'])
          .where('email_normalized', 'in', emailsNormalized)
          .execute(),
      ]);
      for (const row of legal) if (row.legal_name.trim()) names.set(row.email_normalized, row.legal_name.trim());
      for (const row of profiles) if (row.public_name.trim()) names.set(row.email_normalized, row.public_name.trim());
      return names;
    },

    async signedAgreements(fileIds: string[]): Promise<Map<string, SignedAgreementRecord>> {
      const byId = new Map<string, SignedAgreementRecord>();
      if (fileIds.length === 0) return byId;
      const rows = await db
        .selectFrom('event_files')
        .select(['s3_id', 'name', 'key', 'size', 'uploaded_at', 'created_at'])
        .where('s3_id', 'in', fileIds)
        .where('status', '=', 'stored')
        .execute();
      for (const row of rows) {
        byId.set(row.s3_id, {
          s3Id: row.s3_id,
          name: row.name,
          key: row.key,
          size: row.size === null ? null : Number(row.size),
          uploadedAt: fromDbTime(row.uploaded_at ?? row.created_at),
        });
      }
      return byId;
    },

    /**
     * Makes the stored upload the sponsorship's signed copy and moves an open sponsorship to `signed`.
     * Answers the key of the copy it replaced (its row is gone; the caller deletes the blob).
     */
    async recordSignedAgreement(
      sponsorshipId: number,
      s3Id: string,
      now: Date,
      takesUploads: (trx: Db) => Promise<void> = async () => {},
    ): Promise<{ replacedKey: string | null }> {
      return db.transaction().execute(async (trx) => {
        // Two uploads at once: the second waits, then replaces (and deletes) the first's copy.
        await lockSponsorship(trx, sponsorshipId);
        // On the held row: an agreement switched to signing in the browser meanwhile is seen.
        await takesUploads(trx);
        const current = await trx
          .selectFrom('sponsorships')
          .select(['status', 'signed_file_id'])
          .where('id', '=', sponsorshipId)
          .executeTakeFirst();
        if (!current || !SIGNABLE_STATUSES.includes(current.status)) {
          throw fail('sponsorship.decided', 'The organiser has already decided on this sponsorship');
        }
        if (!(await files.attachSignedAgreement(trx, sponsorshipId, s3Id)))
          throw fail('file.changed', 'The file changed while it was saved; please try again');
        const updated = await trx
          .updateTable('sponsorships')
          .set({ signed_file_id: s3Id, signed_uploaded_at: toDbTime(now), status: 'signed', updated_at: toDbTime(now) })
          .where('id', '=', sponsorshipId)
          .where('status', 'in', SIGNABLE_STATUSES)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1)
          throw fail('sponsorship.decided', 'The organiser has already decided on this sponsorship');
        if (!current.signed_file_id || current.signed_file_id === s3Id) return { replacedKey: null };
        return { replacedKey: await files.deleteFile(trx, current.signed_file_id) };
      });
    },

    /**
     * The sponsor of an event took its agreement: the first time, an `invited` sponsorship becomes
     * `downloaded`. Answers the sponsorship when this download changed it.
     */
    async recordAgreementDownload(eventId: number, sponsorEmailNormalized: string, now: Date) {
      const updated = await db
        .updateTable('sponsorships')
        .set({ agreement_downloaded_at: toDbTime(now), status: 'downloaded', updated_at: toDbTime(now) })
        .where('event_id', '=', eventId)
        .where('sponsor_email_normalized', '=', sponsorEmailNormalized)
        .where('status', '=', 'invited')
        .returning(['id', 'organisation_id', 'sponsor_email'])
        .executeTakeFirst();
      if (updated) return updated;
      // Later downloads only note the first time, without a status change.
      await db
        .updateTable('sponsorships')
        .set({ agreement_downloaded_at: toDbTime(now) })
        .where('event_id', '=', eventId)
        .where('sponsor_email_normalized', '=', sponsorEmailNormalized)
        .where('agreement_downloaded_at', 'is', null)
        .execute();
      return undefined;
    },
  };
}

export type SponsorshipsRepository = ReturnType<typeof createSponsorshipsRepository>;
