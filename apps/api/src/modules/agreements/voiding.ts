// A signature stands only on the snapshot it was given on (decision 059). Whatever changes a part of
// it (the amount, the package, the clauses, the payment term; and, found when the draft is read, the
// parties' master data or the event) voids the signatures of the sponsorship in the changing
// transaction, on the sponsorship's held row: the signature is kept with its void, the audit trail and
// the activity log note it, and a `signed` sponsorship goes back to where it was before signing.
// Once that committed, both sides are told (mail in their language, the conversation and the alerts).
// A sealed agreement and a decided sponsorship are frozen: nothing voids them.
import type { Db } from '../../db/index.ts';
import type { SponsorshipStatus } from '@sp/shared';
import type { AgreementsContext, AgreementsDeps } from './context.ts';
import type { SignatureRecord } from './repository.ts';
import { agreementLanguageOf } from './draft.ts';
import type { AgreementSnapshot } from './snapshot.ts';

/** The parts of a snapshot a change gives anew; a part left out is not compared. */
export type SnapshotParts = {
  amountCents?: number | null;
  package?: AgreementSnapshot['package'] | null;
  clauses?: string;
  paymentTermDays?: number;
};

const samePackage = (a: AgreementSnapshot['package'], b: AgreementSnapshot['package'] | null) =>
  b !== null &&
  a.name === b.name &&
  a.benefits.length === b.benefits.length &&
  a.benefits.every((x, i) => x.title === b.benefits[i]!.title && x.dueDate === b.benefits[i]!.dueDate);

/** Whether a signed snapshot differs from the parts as they are now: the one rule of a change voiding. */
export function snapshotDiffers(snapshot: AgreementSnapshot, parts: SnapshotParts): boolean {
  if (parts.amountCents !== undefined && snapshot.amountCents !== parts.amountCents) return true;
  if (parts.package !== undefined && !samePackage(snapshot.package, parts.package)) return true;
  if (parts.clauses !== undefined && snapshot.clauses !== parts.clauses) return true;
  if (parts.paymentTermDays !== undefined && snapshot.paymentTermDays !== parts.paymentTermDays) return true;
  return false;
}

const parsed = (signature: SignatureRecord): AgreementSnapshot | null => {
  try {
    return JSON.parse(signature.snapshot) as AgreementSnapshot;
  } catch {
    return null;
  }
};

/** What one transaction voided, to tell once it committed. */
export type Voided = {
  sponsorshipId: number;
  signatures: Array<Pick<SignatureRecord, 'side' | 'fullName' | 'email'>>;
  /** The status the sponsorship went back to, when it was `signed`. */
  status: SponsorshipStatus | null;
};

/** Who made the change that voided (for the status notice). */
export type VoidActor = { side: 'organisation' | 'sponsor'; by: string };

export function createVoiding(deps: AgreementsDeps, ctx: Pick<AgreementsContext, 'now' | 'mailBoth'>) {
  const { repo } = deps;

  /**
   * In the changing transaction: voids the valid signatures of the open sponsorships among `ids`
   * that `stale` says no longer hold (`bySha256`: the draft they were voided by, when known).
   */
  const voidIn = async (
    trx: Db,
    ids: number[],
    stale: (signature: SignatureRecord, snapshot: AgreementSnapshot | null) => boolean,
    bySha256: string | null = null,
  ): Promise<Voided[]> => {
    const out: Voided[] = [];
    // Held again here (a no-op for rows the caller holds): a decided sponsorship is left as it is.
    for (const id of await deps.writes.lockOpen(trx, { ids })) {
      if (await repo.signedFor(id, trx)) continue;
      const voided = (await repo.signatures(id, trx)).filter((s) => s.voidedAt === null && stale(s, parsed(s)));
      if (voided.length === 0) continue;
      const at = ctx.now();
      for (const signature of voided) {
        if (!(await repo.voidSignature(signature.id, bySha256, at, trx))) continue;
        await repo.audit(
          id,
          {
            at,
            kind: 'voided',
            side: 'system',
            actor: signature.email,
            ip: '',
            userAgent: '',
            documentSha256: bySha256,
          },
          trx,
        );
        await deps.recordActivity(
          {
            sponsorship_id: id,
            at,
            side: signature.side,
            actor: signature.email,
            kind: 'agreement_voided',
            package_name: null,
            amount_cents: null,
            note: null,
          },
          trx,
        );
      }
      out.push({ sponsorshipId: id, signatures: voided, status: await deps.writes.revertSigned(trx, id, at) });
    }
    return out;
  };

  /** After the voiding transaction committed: mail both sides, and tell the status it went back to. */
  const tell = async (voided: Voided[], actor: VoidActor | null): Promise<void> => {
    for (const v of voided) {
      const sponsorship = await deps.sponsorshipById(v.sponsorshipId);
      if (!sponsorship) continue;
      const organisers = await deps.profiles.organiserContacts(sponsorship.organisationId);
      const language = agreementLanguageOf(
        sponsorship,
        await deps.sources.legalDetails(sponsorship.sponsorEmailNormalized),
      );
      for (const signature of v.signatures) {
        await ctx.mailBoth(sponsorship, language, organisers, (t) => ({
          subject: t.mail.voidedSubject(sponsorship.eventTitle),
          paragraphs: t.mail.voidedText(sponsorship.eventTitle, signature.fullName),
        }));
      }
      if (v.status) {
        await deps.announceStatus(v.sponsorshipId, 'signed', v.status, actor ?? { side: 'organisation', by: '' });
      }
    }
  };

  return { voidIn, tell };
}
