// Who may see and act on a sponsorship: its sponsor (signed in with the sponsorship's address, or as a
// guest with the invitation link), and the members of the organisation (who see the sponsorships of
// their events). Anyone else gets 404, so a sponsorship's existence does not leak. Organisers
// (veranstalter, beides) decide: confirm a signed sponsorship, decline an open one, change its amount;
// the sponsor may withdraw while it is open. Every status change is noted in the conversation.
import type {
  ChangeSponsorshipStatusRequest,
  CreateUploadResponse,
  SponsorshipStatus,
  SponsorshipWire,
} from '@sp/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';
import { fail } from '../../lib/errors.ts';
import type { SponsorGuestCredentials } from '../../plugins/authenticate.ts';
import type { SponsorAccess } from '../access/index.ts';
import type { EventAccess } from '../access/index.ts';
import type { DownloadListener, FilesService } from '../files/index.ts';
import { normaliseEmail } from '../../lib/email.ts';
import { SIGNABLE_STATUSES, type SponsorshipRecord, type SponsorshipsRepository } from './repository.ts';
import { sponsorshipsCsv } from './export.ts';

export type SponsorshipCaller =
  { kind: 'user'; sub: string; email: string | undefined } | { kind: 'guest'; guest: SponsorGuestCredentials };

/** What happened in a sponsorship, for its conversation (the chat module writes these). */
export type SponsorshipNotice = {
  organisationId: number;
  sponsorEmail: string;
  kind: 'agreement_downloaded' | 'signed_uploaded' | 'status_changed';
  params: Record<string, string>;
  /** The sponsorship's event (links of in-app alerts). */
  eventId?: number;
  sponsorshipId?: number;
  from?: string;
  actor?: { side: 'organisation' | 'sponsor'; by: string };
};

/** The packages module's rule for a changed amount (a note when it differs from the price) and its log. */
export type AmountChange = (
  caller: SponsorshipCaller,
  sponsorship: SponsorshipRecord,
  amountCents: number,
  note: string | undefined,
) => Promise<void>;

const sponsorshipNotFound = () => fail('sponsorship.not-found', 'Sponsorship not found');

/** A sponsorship that ended gives its package slot back in the transaction that ends it. */
const ENDED: ReadonlySet<SponsorshipStatus> = new Set(['declined', 'withdrawn']);

/** The agreements module's part in a confirmation (generated agreements need a current signature). */
export type AgreementGate = {
  /**
   * Reads the current draft (voiding a signature it no longer matches) and answers the check to run
   * in the confirming transaction, on the held row: it throws when there is no valid signature.
   */
  confirmable(sponsorship: SponsorshipRecord): Promise<(trx: Db) => Promise<void>>;
  /**
   * The check that the event's agreement takes an uploaded signed copy (its own PDF, not one signed
   * in the browser): throws at once, and answers the same check for the upload's transaction.
   */
  takesUploads(eventId: number): Promise<(trx: Db) => Promise<void>>;
};

type Decision = ChangeSponsorshipStatusRequest['status'];

/** Which statuses each decision may start from, and which side makes it. */
const TRANSITIONS: Record<Decision, { from: readonly SponsorshipStatus[]; by: 'organiser' | 'sponsor' }> = {
  confirmed: { from: ['signed'], by: 'organiser' },
  declined: { from: SIGNABLE_STATUSES, by: 'organiser' },
  withdrawn: { from: SIGNABLE_STATUSES, by: 'sponsor' },
};

/** The tables an event's sponsorship list is made from. */
const SPONSORSHIP_LIST_READS = [
  'sponsorships',
  'events',
  'event_files',
  'organisations',
  'packages',
  'sponsorship_choices',
  'sponsor_profiles',
  'sponsor_legal_details',
  'user_profiles',
] as const;

export function createSponsorshipsService(deps: {
  repo: SponsorshipsRepository;
  files: FilesService;
  sponsors: SponsorAccess;
  events: EventAccess;
  log: FastifyBaseLogger;
  /** Writes a notification into the sponsorship's conversation (wired to the chat module in app.ts). */
  notify?: (notice: SponsorshipNotice) => Promise<void>;
  /** Changes the amount with its note and log (the packages module owns the log). */
  changeAmount?: AmountChange;
  /** Gives back the package slot of a sponsorship that ended, in its transaction (the packages module). */
  releaseSlot?: (trx: Db, sponsorshipId: number) => Promise<unknown>;
  /** Checks a confirmation against the agreement (the agreements module). */
  agreement?: AgreementGate;
  clock?: () => Date;
}) {
  const { repo, files, sponsors, log } = deps;
  const now = deps.clock ?? (() => new Date());

  const notify = async (notice: SponsorshipNotice) => {
    try {
      await deps.notify?.(notice);
    } catch (error) {
      log.error({ err: error, kind: notice.kind }, 'could not write a sponsorship notification');
    }
  };

  const isSponsor = async (caller: SponsorshipCaller, sponsorship: SponsorshipRecord): Promise<boolean> => {
    if (caller.kind === 'guest') return (await sponsors.guestSponsorshipId(caller.guest)) === sponsorship.id;
    return caller.email !== undefined && normaliseEmail(caller.email) === sponsorship.sponsorEmailNormalized;
  };

  /** The sponsorship when the caller is one of its parties; 404 otherwise. */
  const visible = async (caller: SponsorshipCaller, id: number) => {
    const sponsorship = await repo.findById(id);
    if (!sponsorship) throw sponsorshipNotFound();
    if (await isSponsor(caller, sponsorship)) return { sponsorship, side: 'sponsor' as const };
    if (caller.kind === 'user' && (await repo.isMember(caller.sub, sponsorship.organisationId))) {
      return { sponsorship, side: 'organisation' as const };
    }
    throw sponsorshipNotFound();
  };

  /** Only the sponsor returns the signed agreement. */
  const ownSponsorship = async (caller: SponsorshipCaller, id: number) => {
    const { sponsorship, side } = await visible(caller, id);
    if (side !== 'sponsor') throw sponsorshipNotFound();
    return sponsorship;
  };

  const toWire = async (records: SponsorshipRecord[]): Promise<SponsorshipWire[]> => {
    const agreements = await repo.agreementFiles([...new Set(records.map((r) => r.eventId))]);
    const [signed, names] = await Promise.all([
      repo.signedAgreements(records.flatMap((r) => (r.signedFileId ? [r.signedFileId] : []))),
      repo.sponsorNames([...new Set(records.map((r) => r.sponsorEmailNormalized))]),
    ]);
    return records.map((r) => {
      const signedCopy = r.signedFileId ? signed.get(r.signedFileId) : undefined;
      return {
        id: r.id,
        event_id: r.eventId,
        event_title: r.eventTitle,
        event_date: r.eventDate,
        organisation_id: r.organisationId,
        organisation_name: r.organisationName,
        sponsor_email: r.sponsorEmail,
        sponsor_name: names.get(r.sponsorEmailNormalized) ?? null,
        status: r.status,
        amount_cents: r.amountCents,
        agreement_files: (agreements.get(r.eventId) ?? []).map((f) => ({ s3_id: f.s3Id, name: f.name, key: f.key })),
        signed_agreement: signedCopy
          ? {
              s3_id: signedCopy.s3Id,
              name: signedCopy.name,
              key: signedCopy.key,
              size: signedCopy.size,
              uploaded_at: signedCopy.uploadedAt.toISOString(),
            }
          : null,
        agreement_downloaded_at: r.agreementDownloadedAt?.toISOString() ?? null,
        sponsor_language: r.sponsorLanguage,
        agreement_language: r.agreementLanguage,
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
      };
    });
  };

  /** The sponsorship when the caller is an organiser of its organisation; 403 for its sponsor. */
  const organiserSponsorship = async (caller: SponsorshipCaller, id: number) => {
    const { sponsorship, side } = await visible(caller, id);
    if (side !== 'organisation' || caller.kind !== 'user')
      throw fail('sponsorship.organisers-decide', 'Only the organisers decide on a sponsorship');
    // Members of the organisation without an organiser role see, but do not decide.
    await deps.events.organiserOrganisation(caller);
    return sponsorship;
  };

  const one = async (id: number): Promise<SponsorshipWire> => {
    const record = await repo.findById(id);
    if (!record) throw sponsorshipNotFound();
    const [wire] = await toWire([record]);
    return wire!;
  };

  return {
    parties: { visible, organiserSponsorship } satisfies SponsorshipParties,

    /** GET /sponsorships/{id} */
    async get(caller: SponsorshipCaller, id: number): Promise<SponsorshipWire> {
      const { sponsorship } = await visible(caller, id);
      const [wire] = await toWire([sponsorship]);
      return wire!;
    },

    /** GET /event/{id}/sponsorships: for the organisers of the event's organisation. */
    async listForEvent(caller: { sub: string }, eventId: number) {
      // For the read cache: the tables the list is made from (read-cache/index.ts).
      const event = await deps.events.organiserEvent(caller, eventId);
      return {
        key: `sponsorships:${event.id}`,
        reads: SPONSORSHIP_LIST_READS,
        load: async () => ({ body: await toWire(await repo.listForEvent(event.id)) }),
      };
    },

    /** GET /event/{id}/sponsorships.csv: the same sponsorships with their chosen package, for a spreadsheet. */
    async csvForEvent(caller: { sub: string }, eventId: number): Promise<{ fileName: string; csv: string }> {
      const event = await deps.events.organiserEvent(caller, eventId);
      const [records, details] = await Promise.all([repo.listForEvent(event.id), repo.exportDetails(event.id)]);
      return { fileName: `sponsors-event-${event.id}.csv`, csv: sponsorshipsCsv(records, details) };
    },

    /** POST /sponsorships/{id}/signed-agreement/upload-url */
    async createSignedAgreementUpload(
      caller: SponsorshipCaller,
      id: number,
      fileName: string,
    ): Promise<CreateUploadResponse> {
      const sponsorship = await ownSponsorship(caller, id);
      await deps.agreement?.takesUploads(sponsorship.eventId);
      return files.createSponsorshipUpload({
        id: sponsorship.id,
        organisationId: sponsorship.organisationId,
        eventId: sponsorship.eventId,
        fileName,
      });
    },

    /** PUT /sponsorships/{id}/signed-agreement: keeps the verified upload as the signed copy. */
    async attachSignedAgreement(
      caller: SponsorshipCaller,
      id: number,
      file: { s3_id: string; key: string },
    ): Promise<SponsorshipWire> {
      const sponsorship = await ownSponsorship(caller, id);
      const takesUploads = await deps.agreement?.takesUploads(sponsorship.eventId);
      const upload = await files.prepareSponsorshipAttachment(sponsorship, file);
      const { replacedKey } = await repo.recordSignedAgreement(sponsorship.id, upload.s3Id, now(), takesUploads);
      if (replacedKey) await files.deleteBlobs([replacedKey]);
      await notify({
        organisationId: sponsorship.organisationId,
        sponsorEmail: sponsorship.sponsorEmail,
        kind: 'signed_uploaded',
        params: { event: sponsorship.eventTitle, file: upload.name },
        eventId: sponsorship.eventId,
      });
      return one(sponsorship.id);
    },

    /** PUT /sponsorships/{id}/sponsor-language: only the sponsor tells it, for their own sponsorship. */
    async tellSponsorLanguage(caller: SponsorshipCaller, id: number, language: 'de' | 'en'): Promise<SponsorshipWire> {
      const sponsorship = await ownSponsorship(caller, id);
      await repo.tellSponsorLanguage(sponsorship.id, language);
      return one(sponsorship.id);
    },

    /** GET /sponsorships: the signed-in user's own sponsorships (their address), newest event first. */
    async listMine(caller: { email: string | undefined }): Promise<SponsorshipWire[]> {
      if (caller.email === undefined) return [];
      return toWire(await repo.listForSponsor(normaliseEmail(caller.email)));
    },

    /**
     * POST /sponsorships/{id}/status. Decided on the row held for the change (`locked`): the status
     * it has then, not the one read before, says whether the transition is allowed (a second click
     * finds it decided: 409, nothing changes). A confirmation
     * checks the agreement in the same transaction; an ended sponsorship gives its slot back there too.
     */
    async changeStatus(caller: SponsorshipCaller, id: number, status: Decision): Promise<SponsorshipWire> {
      const transition = TRANSITIONS[status];
      const { sponsorship, side } = await visible(caller, id);
      if (transition.by === 'sponsor') {
        if (side !== 'sponsor') throw fail('sponsorship.sponsor-withdraws', 'Only the sponsor withdraws a sponsorship');
      } else {
        await organiserSponsorship(caller, id);
      }
      const confirmable = status === 'confirmed' ? await deps.agreement?.confirmable(sponsorship) : undefined;
      const from: SponsorshipStatus | null = await repo.locked(sponsorship.id, async (trx, current) => {
        if (!current) throw sponsorshipNotFound();
        if (!transition.from.includes(current.status)) {
          throw fail('sponsorship.transition-invalid', `A ${current.status} sponsorship cannot become ${status}`);
        }
        await confirmable?.(trx);
        if (!(await repo.changeStatus(sponsorship.id, [current.status], status, now(), trx))) {
          throw fail('sponsorship.changed', 'The sponsorship changed meanwhile; please reload');
        }
        if (ENDED.has(status)) await deps.releaseSlot?.(trx, sponsorship.id);
        return current.status;
      });
      if (from !== null) {
        await notify({
          organisationId: sponsorship.organisationId,
          sponsorEmail: sponsorship.sponsorEmail,
          kind: 'status_changed',
          params: { event: sponsorship.eventTitle, status },
          eventId: sponsorship.eventId,
          sponsorshipId: sponsorship.id,
          from,
          actor: {
            side,
            by: side === 'sponsor' || caller.kind === 'guest' ? sponsorship.sponsorEmail : (caller.email ?? ''),
          },
        });
      }
      return one(sponsorship.id);
    },

    /** PATCH /sponsorships/{id}: the amount, while the sponsorship is open. */
    async changeAmount(
      caller: SponsorshipCaller,
      id: number,
      amountCents: number,
      note?: string,
    ): Promise<SponsorshipWire> {
      const sponsorship = await organiserSponsorship(caller, id);
      // Decided on the held row (the packages module's change): the status and amount it has then.
      if (deps.changeAmount) await deps.changeAmount(caller, sponsorship, amountCents, note);
      else if (!(await repo.changeAmount(sponsorship.id, amountCents, now())))
        throw fail('sponsorship.amount-locked', 'The amount of a decided sponsorship stays as it is');
      return one(sponsorship.id);
    },

    /**
     * A status the agreements module changed in its own transaction (a signature, a countersignature,
     * a voided signature), told after it committed: the conversation, the alerts and the activity log
     * follow (the deliverables, for `confirmed`).
     */
    async announceStatus(
      id: number,
      from: SponsorshipStatus,
      to: SponsorshipStatus,
      actor: { side: 'organisation' | 'sponsor'; by: string },
    ): Promise<void> {
      const sponsorship = await repo.findById(id);
      if (!sponsorship) return;
      await notify({
        organisationId: sponsorship.organisationId,
        sponsorEmail: sponsorship.sponsorEmail,
        kind: 'status_changed',
        params: { event: sponsorship.eventTitle, status: to },
        eventId: sponsorship.eventId,
        sponsorshipId: sponsorship.id,
        from,
        actor,
      });
    },

    /** Told by the files module after a download: a sponsor taking the event's agreement is recorded. */
    recordDownload: (async (who, file) => {
      if (file.sponsorshipId !== null || who.email === undefined) return;
      const email = normaliseEmail(who.email);
      // Only the sponsor's own downloads count, not the organisers'.
      const allowed = who.guest
        ? await sponsors.hasGuestAccess(who.guest, file.eventId)
        : await sponsors.isSponsorOfEvent(email, file.eventId);
      if (!allowed) return;
      const changed = await repo.recordAgreementDownload(file.eventId, email, now());
      if (!changed) return;
      const sponsorship = await repo.findById(changed.id);
      await notify({
        organisationId: changed.organisation_id,
        sponsorEmail: changed.sponsor_email,
        kind: 'agreement_downloaded',
        params: { event: sponsorship?.eventTitle ?? '' },
        eventId: file.eventId,
      });
    }) satisfies DownloadListener,
  };
}

export type SponsorshipParties = {
  /** The sponsorship and the caller's side of it; 404 for anyone else. */
  visible(
    caller: SponsorshipCaller,
    id: number,
  ): Promise<{ sponsorship: SponsorshipRecord; side: 'sponsor' | 'organisation' }>;
  /** The sponsorship when the caller is an organiser (veranstalter, beides) of its organisation; 403 otherwise. */
  organiserSponsorship(caller: SponsorshipCaller, id: number): Promise<SponsorshipRecord>;
};

export type SponsorshipsService = ReturnType<typeof createSponsorshipsService>;
