// What the agreements service and its signing share: the dependencies, the request's evidence (IP,
// user agent), and the reconciliation that voids a signature whose draft has changed.
import type { FastifyBaseLogger } from 'fastify';
import { fail } from '../../lib/errors.ts';
import type { BlobStore } from '../../ports/blobs/index.ts';
import type { MailPort } from '../../ports/mail/index.ts';
import type { EventAccess } from '../events/index.ts';
import type { PackagesApi } from '../packages/index.ts';
import type { ProfilesApi } from '../profiles/index.ts';
import type {
  SponsorshipCaller,
  SponsorshipParties,
  SponsorshipRecord,
  SponsorshipsApi,
} from '../sponsorships/index.ts';
import { currentDraft, type Draft, type DraftSources } from './draft.ts';
import type { AgreementsRepository, SignatureRecord } from './repository.ts';
import type { SealKey } from './seal-key.ts';
import { TEXTS, type AgreementLanguage } from './texts.ts';

/** Evidence of a request kept in the audit trail. */
export type RequestMeta = { ip: string; userAgent: string };

export type AgreementsDeps = {
  repo: AgreementsRepository;
  parties: SponsorshipParties;
  moveByAgreement: SponsorshipsApi['moveByAgreement'];
  /** The sponsorship's activity log, which both parties see (a voided signature is told there too). */
  recordActivity: PackagesApi['recordActivity'];
  events: Pick<EventAccess, 'organiserEvent' | 'findEvent'>;
  profiles: Pick<ProfilesApi, 'findByCognitoId' | 'organisationMasterData' | 'organiserContacts'>;
  sources: DraftSources;
  blobs: BlobStore;
  mail: MailPort;
  sealKey: () => Promise<SealKey>;
  publicUrl: string;
  defaultLanguage: AgreementLanguage;
  retentionYears: number;
  log: FastifyBaseLogger;
  clock?: (() => Date) | undefined;
};

export const notGenerated = () =>
  fail('agreement.not-generated', "This event uses the organiser's own PDF; there is no generated agreement");

/** The caller's verified address: the guest link's (checked against its token) or the account's. */
export const callerEmail = (caller: SponsorshipCaller): string =>
  caller.kind === 'guest' ? caller.guest.email : (caller.email ?? '');

export const isClosed = (status: SponsorshipRecord['status']) => status === 'declined' || status === 'withdrawn';

export function createAgreementsContext(deps: AgreementsDeps) {
  const now = deps.clock ?? (() => new Date());
  const language = (value: string | null | undefined): AgreementLanguage =>
    value === 'en' || value === 'de' ? value : deps.defaultLanguage;

  /** Tells both sides by e-mail (each in their language); a failed mail is logged, never fatal. */
  const mailBoth = async (
    sponsorship: SponsorshipRecord,
    sponsorLanguage: AgreementLanguage,
    organisers: Array<{ email: string; language: string | null }>,
    build: (t: (typeof TEXTS)['de'], link: string) => { subject: string; text: string },
    attachment?: { filename: string; content: Buffer },
  ) => {
    const recipients = [
      { to: sponsorship.sponsorEmail, lang: sponsorLanguage, link: `${deps.publicUrl}/dashboard-sponsor` },
      ...organisers
        .filter((o) => o.email.toLowerCase() !== sponsorship.sponsorEmailNormalized)
        .map((o) => ({
          to: o.email,
          lang: language(o.language),
          link: `${deps.publicUrl}/edit-event/${sponsorship.eventId}`,
        })),
    ];
    await Promise.all(
      recipients.map(async ({ to, lang, link }) => {
        try {
          await deps.mail.send({
            to,
            ...build(TEXTS[lang], link),
            ...(attachment ? { attachments: [{ ...attachment, contentType: 'application/pdf' }] } : {}),
          });
        } catch (error) {
          deps.log.error({ err: error }, 'could not send an agreement mail');
        }
      }),
    );
  };

  /**
   * The valid signatures against the current draft: a sponsor signature given on another draft is
   * voided (kept, with the new hash), logged in the audit trail and both sides are told, once.
   */
  const reconcile = async (
    sponsorship: SponsorshipRecord,
    draft: Draft,
    signatures: SignatureRecord[],
    completed: boolean,
  ): Promise<SignatureRecord[]> => {
    const valid = signatures.filter((s) => s.voidedAt === null);
    if (completed) return valid;
    const current = draft.ok ? draft.sha256 : null;
    const stale = valid.filter((s) => s.documentSha256 !== current);
    for (const signature of stale) {
      const at = now();
      if (!(await deps.repo.voidSignature(signature.id, current, at))) continue;
      signature.voidedAt = at;
      signature.voidedBySha256 = current;
      await deps.repo.audit(sponsorship.id, {
        at,
        kind: 'voided',
        side: 'system',
        actor: signature.email,
        ip: '',
        userAgent: '',
        documentSha256: current,
      });
      await deps
        .recordActivity({
          sponsorship_id: sponsorship.id,
          at,
          side: signature.side,
          actor: signature.email,
          kind: 'agreement_voided',
          package_name: null,
          amount_cents: null,
          note: null,
        })
        .catch((error: unknown) =>
          deps.log.warn({ err: error, sponsorship: sponsorship.id }, 'could not log a voided signature'),
        );
      const organisers = await deps.profiles.organiserContacts(sponsorship.organisationId);
      await mailBoth(sponsorship, draft.language, organisers, (t, link) => ({
        subject: t.mail.voidedSubject(sponsorship.eventTitle),
        text: t.mail.voidedText(sponsorship.eventTitle, signature.fullName, link),
      }));
    }
    return valid.filter((s) => s.voidedAt === null);
  };

  /** Everything about a sponsorship's agreement now, voiding stale signatures on the way. */
  const load = async (sponsorship: SponsorshipRecord) => {
    const settings = await deps.repo.settings(sponsorship.eventId);
    const signed = await deps.repo.signedFor(sponsorship.id);
    const all = await deps.repo.signatures(sponsorship.id);
    if (settings.mode === 'upload' && !signed) {
      return { settings, signed, all, valid: [] as SignatureRecord[], draft: null };
    }
    const draft = await currentDraft(deps.sources, sponsorship, settings);
    const valid = await reconcile(sponsorship, draft, all, signed !== null);
    return { settings, signed, all, valid, draft };
  };

  /** Whether an organisation member may countersign: the owner always, others when the owner allowed it. */
  const mayCountersign = async (caller: SponsorshipCaller, sponsorship: SponsorshipRecord, allowed: boolean) => {
    if (caller.kind !== 'user') return false;
    const profile = await deps.profiles.findByCognitoId(caller.sub);
    if (!profile || profile.organisationId !== sponsorship.organisationId) return false;
    if (profile.organisationRole === 'owner') return true;
    if (!allowed) return false;
    try {
      await deps.parties.organiserSponsorship(caller, sponsorship.id);
      return true;
    } catch {
      return false;
    }
  };

  return { now, mailBoth, load, mayCountersign, language };
}

export type AgreementsContext = ReturnType<typeof createAgreementsContext>;
