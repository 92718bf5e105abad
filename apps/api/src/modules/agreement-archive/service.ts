// Legal retention of signed agreements (decision 010). When an organisation is deleted, each of its
// sponsorships with a signed agreement is archived in the same transaction; afterwards the PDF is
// copied to its own key under archive/ and only then are the organisation's files deleted. The
// sponsor (signed in with the archived address) may list and download their archived agreements;
// anyone else gets 404. An operator command removes entries whose retention has passed.
import { randomUUID } from 'node:crypto';
import type { ArchivedAgreementWire } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { germanYear } from '../../lib/calendar.ts';
import { fail } from '../../lib/errors.ts';
import type { BlobStore } from '../../ports/blobs/index.ts';
import { contentDisposition } from '../files/index.ts';
import { normaliseEmail } from '../../lib/email.ts';
import { ARCHIVE_KEY_PREFIX, type AgreementArchiveRepository, type ArchivedAgreement } from './repository.ts';

/**
 * §257 (5) HGB / §147 (4) AO: the period starts at the end of the calendar year the document was
 * received in. Kept until the first moment of the year after the last year of the period (UTC, so an
 * hour longer than German midnight, never shorter).
 */
export function retainUntil(signedAt: Date, years: number): Date {
  return new Date(Date.UTC(germanYear(signedAt) + years + 1, 0, 1));
}

/** The archive's own key for a PDF now at `key`: a new UUID, the same readable name. */
function archiveKeyFor(key: string): string {
  const base = key.slice(key.lastIndexOf('/') + 1);
  // Organisation keys end with {uuid}-{slug}.pdf (36 characters and a dash before the slug).
  return `${ARCHIVE_KEY_PREFIX}${randomUUID()}-${base.slice(37)}`;
}

export function toArchivedAgreementWire(record: ArchivedAgreement): ArchivedAgreementWire {
  return {
    id: record.id,
    organisation_name: record.organisationName,
    organisation_address: record.organisationAddress,
    event_title: record.eventTitle,
    event_date: record.eventDate,
    sponsor_email: record.sponsorEmail,
    amount_cents: record.amountCents,
    status: record.status,
    file_name: record.fileName,
    size: record.size,
    signed_uploaded_at: record.signedUploadedAt.toISOString(),
    archived_at: record.archivedAt.toISOString(),
    retain_until: record.retainUntil.toISOString(),
  };
}

const archivedNotFound = () => fail('archive.not-found', 'Archived agreement not found');

/** Where failures are reported: the app's logger, or the operator command's standard error. */
export type ArchiveLog = { error(details: Record<string, unknown>, message: string): void };

export function createAgreementArchiveService(deps: {
  repo: AgreementArchiveRepository;
  store: BlobStore;
  log: ArchiveLog;
  /** Years after the end of the year of signing (AGREEMENT_RETENTION_YEARS). */
  retentionYears: number;
  /** Removes a deleted organisation's remaining files (the files module's deleteOrganisationFiles). */
  deleteOrganisationFiles: (organisationId: number) => Promise<void>;
  clock?: () => Date;
}) {
  const { repo, store, log } = deps;
  const now = deps.clock ?? (() => new Date());

  /** Copies the PDF to its archive key and points the row there; false when that failed. */
  const relocate = async (record: ArchivedAgreement): Promise<boolean> => {
    const to = archiveKeyFor(record.blobKey);
    try {
      await store.copy(record.blobKey, to);
      if (!(await repo.moveBlobKey(record.id, record.blobKey, to))) {
        // Someone else moved it meanwhile (two operators at once): their copy stands, ours goes.
        await store.delete(to);
      }
      return true;
    } catch (error) {
      log.error({ err: error, archivedAgreementId: record.id }, 'could not copy a signed agreement into the archive');
      return false;
    }
  };

  /**
   * After the organisation's rows are gone: its archived agreements get their own copies, then its
   * files go. When a copy fails, nothing of the organisation's files is deleted (retention comes
   * first); `finishPendingDeletions` tries again later.
   */
  const finishOrganisationDeletion = async (organisationId: number): Promise<boolean> => {
    if (await repo.organisationExists(organisationId)) return false;
    let allCopied = true;
    for (const record of await repo.listNotRelocated(organisationId)) {
      if (!(await relocate(record))) allCopied = false;
    }
    if (!allCopied) {
      log.error({ organisationId }, "a deleted organisation's files are kept until its agreements are archived");
      return false;
    }
    await deps.deleteOrganisationFiles(organisationId);
    return true;
  };

  const ownAgreement = async (caller: { email: string | undefined }, id: number) => {
    const record = await repo.findById(id);
    if (!record || caller.email === undefined || normaliseEmail(caller.email) !== record.sponsorEmailNormalized) {
      throw archivedNotFound();
    }
    return record;
  };

  return {
    /** Inside the transaction deleting the organisation: archives its signed agreements. */
    archiveOrganisation: (organisationId: number, trx: Db) =>
      repo.archiveOrganisation(organisationId, now(), (signedAt) => retainUntil(signedAt, deps.retentionYears), trx),

    finishOrganisationDeletion,

    /**
     * Retries what an interrupted or failed deletion left: agreements still under a deleted
     * organisation's prefix. Answers the organisations whose files are now deleted.
     */
    async finishPendingDeletions(): Promise<number[]> {
      const organisations = [...new Set((await repo.listNotRelocated()).map((r) => r.organisationId))];
      const done: number[] = [];
      for (const organisationId of organisations) {
        if (await finishOrganisationDeletion(organisationId)) done.push(organisationId);
      }
      return done;
    },

    /** GET /archived-agreements: the caller's own, by their (verified) address. */
    async listMine(caller: { email: string | undefined }): Promise<ArchivedAgreementWire[]> {
      if (caller.email === undefined) return [];
      return (await repo.listForSponsor(normaliseEmail(caller.email))).map(toArchivedAgreementWire);
    },

    /** GET /archived-agreements/{id}/file: the PDF, for its sponsor only; 404 for anyone else. */
    async download(caller: { email: string | undefined }, id: number) {
      const record = await ownAgreement(caller, id);
      const blob = await store.read(record.blobKey);
      if (!blob) {
        log.error({ archivedAgreementId: record.id }, 'an archived agreement is missing from the blob store');
        throw archivedNotFound();
      }
      return { ...blob, contentDisposition: contentDisposition(record.fileName) };
    },

    /**
     * Removes the entries whose retention has passed: the PDF first, then the row, so a failure
     * leaves the row to try again rather than a PDF nobody knows about. Answers how many went.
     */
    async purgeExpired(): Promise<number> {
      let purged = 0;
      for (;;) {
        const expired = await repo.listExpired(now());
        let progressed = false;
        for (const record of expired) {
          try {
            await store.delete(record.blobKey);
            await repo.remove(record.id);
            purged += 1;
            progressed = true;
          } catch (error) {
            log.error({ err: error, archivedAgreementId: record.id }, 'could not remove an expired archived agreement');
          }
        }
        if (!progressed || expired.length === 0) return purged;
      }
    },
  };
}

export type AgreementArchiveService = ReturnType<typeof createAgreementArchiveService>;
