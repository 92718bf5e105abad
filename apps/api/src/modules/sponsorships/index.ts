// Sponsorships: one per sponsor address and event, from invitation to confirmation. The only writer of
// `sponsorships`: invitations and profiles change rows through the writes below, in their transactions.
import type { Db } from '../../db/index.ts';
import { sponsorshipChange, type EventMap, type SponsorshipActivity } from '../domain-events.ts';
import { defineModule, handedIn } from '../kit.ts';
import { createSponsorshipsRepository, type SponsorshipRecord, type SponsorshipsRepository } from './repository.ts';
import { createSponsorshipFigures, type SponsorshipFiguresReader } from './figures.ts';
import { sponsorshipsRoutes } from './routes.ts';
import {
  createSponsorshipsService,
  type AgreementGate,
  type AmountChange,
  type SponsorshipParties,
  type SponsorshipsService,
} from './service.ts';

export type { AmountChange, SponsorshipCaller, SponsorshipParties } from './service.ts';
export type { LockedSponsorship } from './repository.ts';
export type { SponsorshipRecord } from './repository.ts';
export { authorFor, type SponsorshipSide } from './authors.ts';
export { sponsorshipFigureColumns, toSponsorshipFigures, type SponsorshipFiguresReader } from './figures.ts';

export type SponsorshipsApi = {
  writes: Pick<
    SponsorshipsRepository,
    | 'upsertInvitedSponsorship'
    | 'linkSponsorAccount'
    | 'forgetSponsorAccount'
    | 'locked'
    | 'lockOpen'
    | 'uploadedCopies'
    | 'revertSigned'
    | 'moveByAgreement'
  > & {
    /** The amount of an open sponsorship, in another module's transaction; answers whether it changed. */
    setAmount(trx: Db, id: number, amountCents: number, now: Date): Promise<boolean>;
    /** The agreement's language while nobody signed or decided; answers whether it changed (decision 074). */
    setAgreementLanguage(id: number, language: 'de' | 'en' | null, now: Date): Promise<boolean>;
  };
  /** Who the caller is to a sponsorship (its sponsor or its organisation), by the rules of this module. */
  parties: SponsorshipParties;
  /** For the agreements module: a status it changed in its transaction, told once that committed. */
  announceStatus: SponsorshipsService['announceStatus'];
  /** The sponsorship as it is now (for notices after a change another module made). */
  byId(id: number): Promise<SponsorshipRecord | undefined>;
  /** Tells the parties' live screens that another module changed these parts of sponsorship `id`. */
  announceChange(id: number, parts: ChangedParts): Promise<void>;
  /**
   * After a committed change of a sponsor address's own details (profile, logo, legal details) or of
   * an event's offer (its packages): tells every organisation and sponsor address concerned (decision 078).
   */
  announceTo(scope: { sponsorEmailNormalized: string } | { eventId: number }, parts: ChangedParts): Promise<void>;
  /** The figures per event (figures.ts): what the event list and page show. */
  figures: SponsorshipFiguresReader;
  /** For the renewals module: a sponsor declining a renewal withdraws its new sponsorship by the usual rule. */
  changeStatus: SponsorshipsService['changeStatus'];
  /**
   * For the packages module, once at its setup: how an amount changes (note, log entry, agreement) and
   * how an ended sponsorship frees its slot. The packages module sits above this one (decision 104).
   */
  amountsDecidedBy(packages: PackageRules): void;
  /** For the agreements module, once at its setup: the agreement's checks of a confirmation and an upload. */
  agreementsCheckedBy(gate: AgreementGate): void;
};

type PackageRules = {
  changeAmount: AmountChange;
  releaseSlot: (trx: Db, sponsorshipId: number) => Promise<unknown>;
};

type ChangedParts = EventMap['sponsorship.changed']['p'];

export const sponsorshipsModule = defineModule({
  name: 'sponsorships',
  ports: ['db', 'log', 'clock', 'events', 'readCache'],
  setup: ({ db, log, clock, events, readCache, use }) => {
    const repo = createSponsorshipsRepository(db, use('files', 'signedFileWrites'));
    const announceChange = (
      notice: Pick<SponsorshipActivity, 'organisationId' | 'sponsorEmail'> & { sponsorshipId?: number | undefined },
      parts: ChangedParts,
    ) =>
      events.publish(
        'sponsorship.changed',
        sponsorshipChange(notice.organisationId, notice.sponsorEmail, notice.sponsorshipId ?? null, parts),
      );
    const packageRules = handedIn<PackageRules>('packages', 'sponsorships');
    const agreementGate = handedIn<AgreementGate>('agreements', 'sponsorships');
    const sponsorships = createSponsorshipsService({
      repo,
      files: use('files', 'service'),
      sponsors: use('access', 'sponsors'),
      events: use('access', 'events'),
      log,
      clock,
      // The parties' live screens hear of it once the activity's handlers are done (a confirmation's
      // deliverables exist by then).
      notify: async (notice) => {
        await events.publish('sponsorship.activity', notice);
        await announceChange(notice, ['sponsorship']);
      },
      changeAmount: (caller, sponsorship, amountCents, note) =>
        packageRules.get().changeAmount(caller, sponsorship, amountCents, note),
      releaseSlot: (trx, id) => packageRules.get().releaseSlot(trx, id),
      agreement: {
        confirmable: (sponsorship) => agreementGate.get().confirmable(sponsorship),
        takesUploads: (eventId) => agreementGate.get().takesUploads(eventId),
      },
    });
    events.subscribe('file.downloaded', ({ who, file }) => sponsorships.recordDownload(who, file));
    return {
      api: {
        writes: {
          upsertInvitedSponsorship: repo.upsertInvitedSponsorship,
          linkSponsorAccount: repo.linkSponsorAccount,
          forgetSponsorAccount: repo.forgetSponsorAccount,
          setAmount: (trx, id, amountCents, now) => repo.changeAmount(id, amountCents, now, trx),
          setAgreementLanguage: (id, language, now) => repo.setAgreementLanguage(id, language, now),
          locked: (id, work) => repo.locked(id, work),
          lockOpen: (trx, scope) => repo.lockOpen(trx, scope),
          uploadedCopies: (trx, ids) => repo.uploadedCopies(trx, ids),
          revertSigned: (trx, id, now) => repo.revertSigned(trx, id, now),
          moveByAgreement: (trx, id, to, now) => repo.moveByAgreement(trx, id, to, now),
        },
        parties: sponsorships.parties,
        announceStatus: (id, from, to, actor) => sponsorships.announceStatus(id, from, to, actor),
        byId: (id) => repo.findById(id),
        announceChange: async (id, parts) => {
          const sponsorship = await repo.findById(id);
          if (sponsorship) await announceChange({ ...sponsorship, sponsorshipId: id }, parts);
        },
        announceTo: async (scope, parts) => {
          for (const party of await repo.partiesOf(scope)) await announceChange(party, parts);
        },
        figures: createSponsorshipFigures(db),
        changeStatus: (caller, id, status) => sponsorships.changeStatus(caller, id, status),
        amountsDecidedBy: packageRules.set,
        agreementsCheckedBy: agreementGate.set,
      },
      routes: async (app) => app.register(sponsorshipsRoutes, { sponsorships, readCache }),
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    sponsorships: SponsorshipsApi;
  }
}
