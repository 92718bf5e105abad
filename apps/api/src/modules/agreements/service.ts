// The agreements service: per event settings and preview (organisers), a sponsorship's agreement
// state, its draft and its sealed PDF (both parties), and the public verification by hash.
import type { Readable } from 'node:stream';
import type {
  AgreementSettings,
  AgreementSettingsResponse,
  AgreementSignBlock,
  AgreementStateResponse,
} from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { fail } from '../../lib/errors.ts';
import type { SponsorshipCaller, SponsorshipRecord } from '../sponsorships/index.ts';
import {
  callerEmail,
  createAgreementsContext,
  isClosed,
  notGenerated,
  type AgreementsDeps,
  type RequestMeta,
} from './context.ts';
import { agreementLanguageOf, previewDraft } from './draft.ts';
import { sha256Hex } from './render.ts';
import type { Settings, SignedRecord } from './repository.ts';
import { createSigning } from './signing.ts';
import type { AgreementLanguage } from './texts.ts';
import { createVerification } from './verification.ts';
import { snapshotDiffers, type SnapshotParts, type VoidActor, type Voided } from './voiding.ts';

const VERIFY_PAGE = '/verify-agreement/';

async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** An event with a generated agreement is signed in the browser, not by an uploaded copy. */
const signInBrowser = () =>
  fail('agreement.sign-in-browser', "This event's agreement is signed in the browser, not uploaded");

/** Switching to the generated agreement while uploaded signed copies wait for the organiser's decision. */
const uploadedCopiesOpen = (count: number) =>
  fail(
    'agreement.uploaded-copies-open',
    `${count} sponsorship(s) have an uploaded signed copy not decided on yet; confirm or decline them first`,
  );

const settingsWire = (settings: Settings, callerIsOwner: boolean): AgreementSettingsResponse => ({
  mode: settings.mode,
  clauses: settings.clauses,
  payment_term_days: settings.paymentTermDays,
  members_may_countersign: settings.membersMayCountersign,
  caller_is_owner: callerIsOwner,
  updated_at: settings.updatedAt?.toISOString() ?? null,
});

export function createAgreementsService(deps: AgreementsDeps) {
  const { repo } = deps;
  const ctx = createAgreementsContext(deps);
  const signing = createSigning(deps, ctx);

  const isOwner = async (sub: string) => (await deps.profiles.findByCognitoId(sub))?.organisationRole === 'owner';

  /** The stored bytes, only when they still hash to the recorded SHA-256. */
  const intactBytes = async (record: SignedRecord): Promise<Buffer | null> => {
    const blob = await deps.blobs.read(record.blobKey);
    if (!blob) return null;
    const bytes = await collect(blob.body);
    return sha256Hex(bytes) === record.sha256 ? bytes : null;
  };

  const verifier = createVerification(deps);

  /**
   * For the modules whose changes alter a part of the signed snapshot, in the changing transaction
   * (on the sponsorships' held rows): voids the signatures that no longer match `parts`.
   */
  const voidChanged = (trx: Db, sponsorshipIds: number[], parts: SnapshotParts): Promise<Voided[]> =>
    ctx.voiding.voidIn(trx, sponsorshipIds, (_, snapshot) => snapshot === null || snapshotDiffers(snapshot, parts));

  return {
    sign: signing.sign,

    voidChanged,

    /** After the voiding transaction committed: both sides are told. */
    tellVoided: (voided: Voided[], actor: VoidActor) => ctx.voiding.tell(voided, actor),

    /**
     * For the sponsorships module's confirmation: with generated agreements, the sponsor's signature
     * must be valid and given on the current draft. The draft is read now (voiding what it no longer
     * matches); the answer checks the signatures again in the confirming transaction, on the held row,
     * so a change that voided meanwhile is seen.
     */
    async confirmable(sponsorship: SponsorshipRecord): Promise<(trx: Db) => Promise<void>> {
      const { settings, signed, draft } = await ctx.load(sponsorship);
      if (settings.mode !== 'generated' || signed) return async () => {};
      const sha = draft?.ok ? draft.sha256 : null;
      return async (trx) => {
        const signatures = await repo.signatures(sponsorship.id, trx);
        if (!sha || !signatures.some((s) => s.side === 'sponsor' && s.voidedAt === null && s.documentSha256 === sha))
          throw fail('agreement.signature-missing', 'The sponsor has not signed the current agreement');
      };
    },

    /**
     * For the sponsorships module's upload of a signed copy: an event whose agreement is generated is
     * signed in the browser, where the signature is bound to the document; an uploaded copy there
     * would make the sponsorship `signed` with nothing the confirmation accepts (decision 059).
     */
    async takesUploads(eventId: number): Promise<(trx: Db) => Promise<void>> {
      const check = async (trx?: Db) => {
        if ((await repo.settings(eventId, trx)).mode === 'generated') throw signInBrowser();
      };
      await check();
      return check;
    },

    async settings(caller: { sub: string }, eventId: number): Promise<AgreementSettingsResponse> {
      const event = await deps.events.organiserEvent(caller, eventId);
      return settingsWire(await repo.settings(event.id), await isOwner(caller.sub));
    },

    async saveSettings(caller: { sub: string }, eventId: number, input: AgreementSettings) {
      const event = await deps.events.organiserEvent(caller, eventId);
      const current = await repo.settings(event.id);
      const owner = await isOwner(caller.sub);
      if (!owner && input.members_may_countersign !== current.membersMayCountersign)
        throw fail('agreement.owner-only', 'Only the owner decides whether members may countersign');
      // New terms void the signatures given on the old ones, in the same transaction (decision 059).
      const voided = await repo.transaction(async (trx) => {
        const open = await deps.writes.lockOpen(trx, { eventId: event.id });
        // Uploaded copies count only for the organiser's own PDF: switching to the generated agreement
        // under them would leave them signed with nothing a confirmation accepts.
        if (input.mode === 'generated' && (await repo.settings(event.id, trx)).mode !== 'generated') {
          const uploaded = await deps.writes.uploadedCopies(trx, open);
          if (uploaded.length > 0) throw uploadedCopiesOpen(uploaded.length);
        }
        await repo.saveSettings(
          event.id,
          {
            mode: input.mode,
            clauses: input.clauses,
            paymentTermDays: input.payment_term_days,
            membersMayCountersign: input.members_may_countersign,
          },
          ctx.now(),
          trx,
        );
        if (input.mode !== 'generated') return [];
        return voidChanged(trx, open, { clauses: input.clauses, paymentTermDays: input.payment_term_days });
      });
      await ctx.voiding.tell(voided, {
        side: 'organisation',
        by: (await deps.profiles.findByCognitoId(caller.sub))?.email ?? '',
      });
      return settingsWire(await repo.settings(event.id), owner);
    },

    async preview(caller: { sub: string }, eventId: number, language: AgreementLanguage): Promise<Uint8Array> {
      const event = await deps.events.organiserEvent(caller, eventId);
      const [settings, organisation] = await Promise.all([
        repo.settings(event.id),
        deps.profiles.organisationMasterData(event.organisationId),
      ]);
      return previewDraft(event, organisation, settings, language, deps.documents);
    },

    async state(caller: SponsorshipCaller, id: number): Promise<AgreementStateResponse> {
      const { sponsorship, side } = await deps.parties.visible(caller, id);
      const { settings, signed, all, valid, draft } = await ctx.load(sponsorship);
      const state = signed
        ? 'completed'
        : !draft
          ? 'not_generated'
          : valid.some((s) => s.side === 'sponsor')
            ? 'sponsor_signed'
            : 'draft';
      const missing = draft && !draft.ok ? draft.missing : [];
      let block: AgreementSignBlock | null = null;
      if (state === 'not_generated') block = 'not_generated';
      else if (state === 'completed') block = 'completed';
      else if (isClosed(sponsorship.status) || sponsorship.status === 'confirmed') block = 'closed';
      else if (missing.length > 0) block = 'details_missing';
      else if (side === 'sponsor' && state === 'sponsor_signed') block = 'already_signed';
      else if (side === 'organisation' && state === 'draft') block = 'waiting_for_sponsor';
      else if (
        side === 'organisation' &&
        !(await ctx.mayCountersign(caller, sponsorship, settings.membersMayCountersign))
      )
        block = 'not_permitted';
      const voided = [...all].reverse().find((s) => s.voidedAt !== null);
      const superseded = voided && valid.some((s) => s.side === voided.side && s.id > voided.id);
      const base = `/api/sponsorships/${sponsorship.id}/agreement`;
      const sha = draft?.ok ? draft.sha256 : null;
      return {
        sponsorship_id: sponsorship.id,
        mode: settings.mode,
        state,
        language: draft?.language ?? agreementLanguageOf(sponsorship, null),
        language_choice: sponsorship.agreementLanguage,
        your_side: side,
        document_sha256: signed ? (valid[0]?.documentSha256 ?? sha) : sha,
        may_sign: block === null,
        sign_block: block,
        missing,
        signatures: valid.map((s) => ({
          side: s.side,
          full_name: s.fullName,
          position: s.position,
          email: s.email,
          signed_at: s.signedAt.toISOString(),
          document_sha256: s.documentSha256,
          has_drawn_signature: s.drawnSignature !== null,
        })),
        voided_notice:
          voided && !superseded && !signed
            ? {
                voided_at: voided.voidedAt!.toISOString(),
                side: voided.side,
                full_name: voided.fullName,
                previous_sha256: voided.documentSha256,
                // Voided in the changing transaction, the new draft's hash was not known yet: it is this one.
                current_sha256: voided.voidedBySha256 ?? sha,
              }
            : null,
        signed_document: signed
          ? { sha256: signed.sha256, completed_at: signed.completedAt.toISOString(), size: signed.size }
          : null,
        links: {
          draft_pdf: sha && !signed ? `${base}/draft.pdf` : null,
          signed_pdf: signed ? `${base}/signed.pdf` : null,
          verify_page: VERIFY_PAGE,
        },
      };
    },

    /**
     * PUT /sponsorships/{id}/agreement/language: an organiser chooses the agreement's language (null =
     * the sponsor's). Frozen once the sponsor signed or someone decided: the conditional update on
     * the status decides (decision 074), so it cannot change a draft a signature refers to.
     */
    async setLanguage(caller: SponsorshipCaller, id: number, language: AgreementLanguage | null) {
      const sponsorship = await deps.parties.organiserSponsorship(caller, id);
      const settings = await repo.settings(sponsorship.eventId);
      if (settings.mode === 'upload') throw notGenerated();
      if (!(await deps.writes.setAgreementLanguage(sponsorship.id, language, ctx.now())))
        throw fail('agreement.language-frozen', 'The agreement is signed or decided; its language stays');
      await deps.announceChange(sponsorship.id, ['sponsorship']);
    },

    /** The draft's exact bytes; the view is kept in the audit trail. */
    async draftPdf(caller: SponsorshipCaller, id: number, meta: RequestMeta) {
      const { sponsorship, side } = await deps.parties.visible(caller, id);
      const { draft } = await ctx.load(sponsorship);
      if (!draft) throw notGenerated();
      if (!draft.ok)
        throw fail('agreement.details-missing', 'Details are missing for the agreement', {
          missing: draft.missing.join(','),
        });
      await repo.audit(sponsorship.id, {
        at: ctx.now(),
        kind: 'viewed',
        side,
        actor: callerEmail(caller),
        ip: meta.ip,
        userAgent: meta.userAgent,
        documentSha256: draft.sha256,
      });
      return { bytes: Buffer.from(draft.bytes), sha256: draft.sha256, reference: sponsorship.id };
    },

    /** The sealed PDF, re-hashed before it leaves: tampered bytes are never sent. */
    async signedPdf(caller: SponsorshipCaller, id: number) {
      const { sponsorship } = await deps.parties.visible(caller, id);
      const record = await repo.signedFor(sponsorship.id);
      if (!record) throw fail('agreement.not-found', 'There is no signed agreement yet');
      const bytes = await intactBytes(record);
      if (!bytes) {
        deps.log.error({ sponsorshipId: sponsorship.id, key: record.blobKey }, 'stored agreement fails its hash');
        throw fail('agreement.integrity-failed', 'The stored agreement does not match its recorded SHA-256');
      }
      return { bytes, sha256: record.sha256, reference: sponsorship.id };
    },

    verifySha: verifier.bySha,
    verifyBytes: verifier.byBytes,
  };
}

export type AgreementsService = ReturnType<typeof createAgreementsService>;
