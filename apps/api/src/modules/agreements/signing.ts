// Signing: the sponsor first, then the organisation countersigns; the countersignature seals the
// document (signature pages, audit trail, the platform's PAdES seal), stores it by its SHA-256,
// confirms the sponsorship and mails the PDF to both sides.
import type { SignAgreementRequest } from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import { normaliseEmail } from '../../lib/email.ts';
import { workPool } from '../../lib/work-pool.ts';
import { retainUntil } from '../agreement-archive/index.ts';
import { enqueueWebhookEvent } from '../webhooks/index.ts';
import type { SponsorshipCaller, SponsorshipRecord } from '../sponsorships/index.ts';
import {
  callerEmail,
  isClosed,
  notGenerated,
  type AgreementsContext,
  type AgreementsDeps,
  type RequestMeta,
} from './context.ts';
import { sha256Hex } from './render.ts';
import type { SignatureRecord } from './repository.ts';
import type { sealAgreement, SealSignature } from './seal.ts';
import type { AgreementSnapshot } from './snapshot.ts';

export const agreementBlobKey = (sponsorshipId: number, sha256: string) => `agreements/${sponsorshipId}/${sha256}.pdf`;

export function createSigning(deps: AgreementsDeps, ctx: AgreementsContext) {
  const { repo } = deps;

  /** The sealed PDF (signature pages, audit trail, the platform's seal), stored by its SHA-256. */
  const seal = async (
    sponsorship: SponsorshipRecord,
    draft: { snapshot: AgreementSnapshot; bytes: Uint8Array; sha256: string },
    signatures: SignatureRecord[],
  ) => {
    const completedAt = ctx.now();
    const audit = await repo.auditTrail(sponsorship.id);
    const completedEntry = {
      at: completedAt,
      kind: 'completed' as const,
      side: 'system' as const,
      actor: '',
      ip: '',
      userAgent: '',
      documentSha256: draft.sha256,
    };
    const ordered = [...signatures].sort((a, b) => (a.side === 'sponsor' ? -1 : b.side === 'sponsor' ? 1 : 0));
    // On the worker pool (worker-tasks.ts): the seal renders the pages again and signs them.
    const sealInput: Parameters<typeof sealAgreement>[0] = {
      snapshot: draft.snapshot,
      signatures: ordered,
      audit: [...audit, completedEntry],
      completedAt,
      key: await deps.sealKey(),
    };
    const sealed = await workPool().run<Uint8Array>('agreement.seal', sealInput);
    const pdf = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
    const sha256 = sha256Hex(pdf);
    const blobKey = agreementBlobKey(sponsorship.id, sha256);
    await deps.blobs.put(blobKey, pdf, 'application/pdf');
    const record = {
      sha256,
      sponsorshipId: sponsorship.id,
      organisationId: sponsorship.organisationId,
      eventId: sponsorship.eventId,
      sponsorEmailNormalized: sponsorship.sponsorEmailNormalized,
      blobKey,
      size: pdf.length,
      completedAt,
      retainUntil: retainUntil(completedAt, deps.retentionYears),
      signers: ordered.map((s) => ({ name: s.fullName, side: s.side, signed_at: s.signedAt.toISOString() })),
    };
    return { pdf, sha256, record, completedEntry };
  };

  const draftChanged = () =>
    fail('agreement.draft-changed', 'The agreement changed meanwhile; read the new draft and sign again');

  return {
    async sign(caller: SponsorshipCaller, id: number, body: SignAgreementRequest, meta: RequestMeta): Promise<void> {
      const { sponsorship, side } = await deps.parties.visible(caller, id);
      const { settings, signed, valid, draft } = await ctx.load(sponsorship);
      if (signed) throw fail('agreement.completed', 'The agreement has been signed by both parties');
      if (!draft) throw notGenerated();
      if (isClosed(sponsorship.status) || sponsorship.status === 'confirmed')
        throw fail('agreement.closed', 'This sponsorship is closed');
      if (side === 'organisation' && !(await ctx.mayCountersign(caller, sponsorship, settings.membersMayCountersign)))
        throw fail('agreement.countersign-forbidden', 'You may not countersign this agreement');
      if (!draft.ok)
        throw fail('agreement.details-missing', 'Details are missing for the agreement', {
          missing: draft.missing.join(','),
        });
      if (body.document_sha256 !== draft.sha256) throw draftChanged();
      const sponsorSigned = valid.some((s) => s.side === 'sponsor');
      if (side === 'sponsor' ? sponsorSigned : !sponsorSigned || valid.some((s) => s.side === 'organisation'))
        throw fail('agreement.not-your-turn', 'The sponsor signs first, then the organisation countersigns');
      // Decoded on the worker pool (worker-tasks.ts), so the main thread loads no pdf-lib and
      // inflates no PNG of up to 3000 × 1500 px (decision 110).
      const drawnOk = (dataUrl: string) => workPool().run<boolean>('agreement.drawn-signature', { dataUrl });
      if (body.drawn_signature !== undefined && !(await drawnOk(body.drawn_signature)))
        throw fail('agreement.signature-image-invalid', 'The drawn signature is not a PNG image that can be used');

      const signature: SealSignature = {
        side,
        fullName: body.full_name,
        position: body.position,
        email: normaliseEmail(callerEmail(caller)),
        signedAt: ctx.now(),
        ip: meta.ip,
        userAgent: meta.userAgent.slice(0, 400),
        documentSha256: draft.sha256,
        drawnSignature: body.drawn_signature ?? null,
      };
      const actor = { side, by: signature.email };
      // On the held row: the turn and the status as they are now, not as read above (decision 059).
      const added = await deps.writes.locked(sponsorship.id, async (trx, current) => {
        if (!current || isClosed(current.status) || current.status === 'confirmed')
          throw fail('agreement.closed', 'This sponsorship is closed');
        const now = (await repo.signatures(sponsorship.id, trx)).filter((s) => s.voidedAt === null);
        const sponsorNow = now.find((s) => s.side === 'sponsor');
        if (side === 'sponsor' ? sponsorNow : sponsorNow?.documentSha256 !== draft.sha256 || now.length > 1)
          throw fail('agreement.not-your-turn', 'This side has signed already (another request was first)');
        const id = await repo.addSignature(sponsorship.id, signature, JSON.stringify(draft.snapshot), trx);
        if (id === null)
          throw fail('agreement.not-your-turn', 'This side has signed already (another request was first)');
        await repo.audit(
          sponsorship.id,
          {
            at: signature.signedAt,
            kind: 'signed',
            side,
            actor: signature.email,
            ip: signature.ip,
            userAgent: signature.userAgent,
            documentSha256: draft.sha256,
          },
          trx,
        );
        const from =
          side === 'sponsor' ? await deps.writes.moveByAgreement(trx, sponsorship.id, 'signed', ctx.now()) : null;
        return { id, from };
      });
      if (added.from) await deps.announceStatus(sponsorship.id, added.from, 'signed', actor);
      // A change that committed after the draft above was read and before this signature: the draft
      // is read again, and a signature it no longer matches is voided (and the status taken back).
      const fresh = await deps.sponsorshipById(sponsorship.id);
      if (!fresh || !(await ctx.load(fresh)).valid.some((s) => s.id === added.id)) throw draftChanged();
      if (side === 'sponsor') return;

      const record: SignatureRecord = {
        ...signature,
        id: added.id,
        snapshot: '',
        voidedAt: null,
        voidedBySha256: null,
      };
      let sealed: Awaited<ReturnType<typeof seal>>;
      try {
        sealed = await seal(sponsorship, draft, [...valid, record]);
      } catch (error) {
        // Nothing was sealed: the countersignature is taken back so it can be given again.
        await repo.removeSignature(added.id);
        throw error;
      }
      // Completed in one transaction on the held row, only while both signatures still stand.
      const completed = await deps.writes.locked(sponsorship.id, async (trx) => {
        const standing = (await repo.signatures(sponsorship.id, trx)).filter((s) => s.voidedAt === null);
        if (!standing.some((s) => s.id === added.id) || !standing.some((s) => s.side === 'sponsor')) return null;
        await repo.recordSigned(sealed.record, trx);
        await repo.audit(sponsorship.id, sealed.completedEntry, trx);
        await enqueueWebhookEvent(trx, {
          organisationId: sponsorship.organisationId,
          type: 'agreement.completed',
          data: { sponsorship_id: sponsorship.id, event_id: sponsorship.eventId, sha256: sealed.record.sha256 },
          at: ctx.now(),
        });
        return { from: await deps.writes.moveByAgreement(trx, sponsorship.id, 'confirmed', ctx.now()) };
      });
      if (!completed) {
        await deps.blobs
          .delete(sealed.record.blobKey)
          .catch((error: unknown) => deps.log.warn({ err: error }, 'could not delete an unused sealed agreement'));
        throw draftChanged();
      }
      if (completed.from) await deps.announceStatus(sponsorship.id, completed.from, 'confirmed', actor);
      const organisers = [{ email: signature.email, language: (await profileLanguage(caller)) ?? null }];
      const reference = `${draft.snapshot.sponsorshipId}`;
      await ctx.mailBoth(
        sponsorship,
        draft.language,
        organisers,
        (t) => ({
          subject: t.mail.completedSubject(sponsorship.eventTitle),
          paragraphs: t.mail.completedText(sponsorship.eventTitle),
        }),
        { filename: `agreement-${reference}-${sealed.sha256.slice(0, 12)}.pdf`, content: sealed.pdf },
      );
    },
  };

  async function profileLanguage(caller: SponsorshipCaller): Promise<string | null> {
    if (caller.kind !== 'user') return null;
    return (await deps.profiles.findByCognitoId(caller.sub))?.language ?? null;
  }
}
