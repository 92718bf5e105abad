// What the agreements service and its signing share: the dependencies, the request's evidence (IP,
// user agent), and the reconciliation that voids a signature whose draft has changed (voiding.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { DocumentCache } from '../../lib/document-cache.ts';
import { fail } from '../../lib/errors.ts';
import type { BlobStore } from '../../ports/blobs/index.ts';
import type { MailPort } from '../../ports/mail/index.ts';
import type { EventAccess } from '../access/index.ts';
import type { InvitationsApi } from '../invitations/index.ts';
import type { PackagesApi } from '../packages/index.ts';
import type { ProfilesApi } from '../profiles/index.ts';
import type {
  SponsorshipCaller,
  SponsorshipParties,
  SponsorshipRecord,
  SponsorshipsApi,
} from '../sponsorships/index.ts';
import { currentDraft, type Draft, type DraftSources } from './draft.ts';
import { agreementMail } from './mails.ts';
import type { AgreementsRepository, SignatureRecord } from './repository.ts';
import type { SealKey } from './seal-key.ts';
import type { SealedLookup } from './verification.ts';
import { TEXTS, type AgreementLanguage } from './texts.ts';
import { createVoiding } from './voiding.ts';

/** Evidence of a request kept in the audit trail. */
export type RequestMeta = { ip: string; userAgent: string };

export type AgreementsDeps = {
  repo: AgreementsRepository;
  parties: SponsorshipParties;
  /** The sponsorships module's writes made in this module's transactions. */
  writes: Pick<
    SponsorshipsApi['writes'],
    'locked' | 'lockOpen' | 'uploadedCopies' | 'revertSigned' | 'moveByAgreement' | 'setAgreementLanguage'
  >;
  /** Tells the parties' live screens that the sponsorship changed (its agreement's language). */
  announceChange: SponsorshipsApi['announceChange'];
  /** A status changed in this module's transaction, told once it committed. */
  announceStatus: SponsorshipsApi['announceStatus'];
  sponsorshipById: SponsorshipsApi['byId'];
  /** The sponsorship's activity log, which both parties see (a voided signature is told there too). */
  recordActivity: PackagesApi['recordActivity'];
  events: Pick<EventAccess, 'organiserEvent' | 'findEvent'>;
  profiles: Pick<ProfilesApi, 'findByCognitoId' | 'organisationMasterData' | 'organiserContacts' | 'hasAccount'>;
  /** A fresh guest link for a sponsor without an account (the invitations module's). */
  guestLinks: Pick<InvitationsApi['guestLinks'], 'mintGuestToken'>;
  sources: DraftSources;
  blobs: BlobStore;
  mail: MailPort;
  /** The draft PDFs rendered once per snapshot (decision 068): a state read renders none it knows. */
  documents: DocumentCache;
  sealKey: () => Promise<SealKey>;
  /** Other modules' documents under the same seal, found by the public verification too. */
  otherSealed?: () => readonly SealedLookup[];
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

  /**
   * Where the sponsor's mail leads: an account holder (one that accepted the invitation, or a profile
   * with the address) to the sponsor dashboard; a guest, whom the
   * dashboard would send to a sign-in that asks for an invitation code, to the invitation page with a
   * fresh guest link (issue 58), or, should none be made, to the verification page's plain address.
   */
  const sponsorLink = async (sponsorship: SponsorshipRecord): Promise<string> => {
    if (sponsorship.sponsorLinked || (await deps.profiles.hasAccount(sponsorship.sponsorEmailNormalized)))
      return `${deps.publicUrl}/dashboard-sponsor`;
    const token = await deps.guestLinks.mintGuestToken(
      sponsorship.organisationId,
      sponsorship.sponsorEmailNormalized,
      sponsorship.id,
    );
    if (!token) return `${deps.publicUrl}/verify-agreement`;
    return `${deps.publicUrl}/invite-sponsor/?${new URLSearchParams({ token, email: sponsorship.sponsorEmail }).toString()}`;
  };

  /** Tells both sides by e-mail (each in their language); a failed mail is logged, never fatal. */
  const mailBoth = async (
    sponsorship: SponsorshipRecord,
    sponsorLanguage: AgreementLanguage,
    organisers: Array<{ email: string; language: string | null }>,
    build: (t: (typeof TEXTS)['de']) => { subject: string; paragraphs: string[] },
    attachment?: { filename: string; content: Buffer },
  ) => {
    const recipients = [
      // The sponsor reads the mail in the language they use; the attachment stays in its own.
      {
        to: sponsorship.sponsorEmail,
        lang: sponsorship.sponsorLanguage ?? sponsorLanguage,
        link: await sponsorLink(sponsorship),
      },
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
          await deps.mail.send(agreementMail(to, build(TEXTS[lang]), link, attachment));
        } catch (error) {
          deps.log.error({ err: error }, 'could not send an agreement mail');
        }
      }),
    );
  };

  const voiding = createVoiding(deps, { now, mailBoth });

  /**
   * The valid signatures against the current draft: a signature given on another draft is voided
   * (kept, with the new hash) in one transaction on the sponsorship's held row that also takes a
   * `signed` sponsorship back; both sides are told once (only the transaction that voided tells).
   */
  const reconcile = async (
    sponsorship: SponsorshipRecord,
    draft: Draft,
    signatures: SignatureRecord[],
    completed: boolean,
  ): Promise<{ all: SignatureRecord[]; valid: SignatureRecord[] }> => {
    const valid = signatures.filter((s) => s.voidedAt === null);
    const current = draft.ok ? draft.sha256 : null;
    // A decided sponsorship keeps the signatures it was decided on (voidIn would leave them anyway).
    const decided = sponsorship.status === 'confirmed' || isClosed(sponsorship.status);
    if (completed || decided || !valid.some((s) => s.documentSha256 !== current)) return { all: signatures, valid };
    const voided = await deps.writes.locked(sponsorship.id, (trx) =>
      voiding.voidIn(trx, [sponsorship.id], (s) => s.documentSha256 !== current, current),
    );
    await voiding.tell(voided, null);
    const all = await deps.repo.signatures(sponsorship.id);
    return { all, valid: all.filter((s) => s.voidedAt === null) };
  };

  /** Everything about a sponsorship's agreement now, voiding stale signatures on the way. */
  const load = async (sponsorship: SponsorshipRecord) => {
    const settings = await deps.repo.settings(sponsorship.eventId);
    const signed = await deps.repo.signedFor(sponsorship.id);
    const signatures = await deps.repo.signatures(sponsorship.id);
    if (settings.mode === 'upload' && !signed) {
      return { settings, signed, all: signatures, valid: [] as SignatureRecord[], draft: null };
    }
    const draft = await currentDraft(deps.sources, sponsorship, settings, deps.documents);
    const { all, valid } = await reconcile(sponsorship, draft, signatures, signed !== null);
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

  return { now, mailBoth, load, mayCountersign, language, voiding };
}

export type AgreementsContext = ReturnType<typeof createAgreementsContext>;
