// Generated agreements signed in the browser (issue 19, decision 025): per event the organiser's
// choice (own PDF or generated), the draft from both parties' master data, signatures with their
// evidence, the sealed PDF (PAdES, the platform's P12) and its public verification. The only writer
// of agreement_settings, agreement_signatures, agreement_audit and signed_agreements; the sealed
// PDFs live in the blob store under agreements/{sponsorship}/{sha256}.pdf.
import type { Db } from '../../db/index.ts';
import { defineModule } from '../kit.ts';
import { createAgreementsRepository } from './repository.ts';
import { agreementsRoutes } from './routes.ts';
import { loadSealKey, type SealKey } from './seal-key.ts';
import { createAgreementsService, type AgreementsService } from './service.ts';
import type { SealedLookup } from './verification.ts';

export { agreementsExport } from './data-export.ts';
export { purgeExpiredAgreements } from './retention.ts';

export type AgreementsApi = {
  /** The platform's sealing key (the sponsor report is sealed with it too; decision 108). */
  sealKey(): Promise<SealKey>;
  /** Makes another module's sealed documents verifiable on the public verification page. */
  verifyAlso(lookup: SealedLookup): void;
  /** The sealed agreement of a sponsorship by its SHA-256 and completion, null when none. */
  sealedReference(sponsorshipId: number): Promise<{ sha256: string; completedAt: Date } | null>;
  /** For the renewals module: the event's agreement settings carried into its next edition (decision 101). */
  copySettings(trx: Db, fromEventId: number, toEventId: number, now: Date): Promise<boolean>;
};

/** What the packages module asks when a sponsorship's package or amount changes; handed to it at setup. */
export type AgreementVoiding = Pick<AgreementsService, 'voidChanged' | 'tellVoided'>;

export type { SnapshotParts, Voided } from './voiding.ts';
export type { SealedLookup } from './verification.ts';
export type { SealKey } from './seal-key.ts';

export const agreementsModule = defineModule({
  name: 'agreements',
  ports: ['db', 'blobs', 'mail', 'config', 'log', 'clock', 'documents'],
  setup: ({ db, blobs, mail, config, log, clock, documents, use }) => {
    // Made (or read) at start, so the first countersignature does not wait for a key.
    let key = loadSealKey({ ...config.agreementSigning, dataDir: config.dataDir });
    key.catch((error: unknown) => log.error({ err: error }, 'could not load the agreement seal key'));
    const sealKey = () => {
      key = key.catch(() => loadSealKey({ ...config.agreementSigning, dataDir: config.dataDir }));
      return key;
    };
    const otherSealed: SealedLookup[] = [];
    const events = use('access', 'events');
    const profiles = use('profiles');
    const packages = use('packages');
    const sponsorProfiles = use('sponsor-profiles');
    const sponsorships = use('sponsorships');
    const agreements = createAgreementsService({
      repo: createAgreementsRepository(db),
      parties: use('sponsorships', 'parties'),
      writes: use('sponsorships', 'writes'),
      announceStatus: (id, from, to, actor) => sponsorships.announceStatus(id, from, to, actor),
      announceChange: (id, parts) => sponsorships.announceChange(id, parts),
      sponsorshipById: (id) => sponsorships.byId(id),
      recordActivity: (entry, trx) => packages.recordActivity(entry, trx),
      events,
      profiles,
      guestLinks: {
        mintGuestToken: (organisationId, email, sponsorshipId) =>
          use('invitations', 'guestLinks').mintGuestToken(organisationId, email, sponsorshipId),
      },
      sources: {
        findEvent: (eventId) => events.findEvent(eventId),
        organisation: (organisationId) => profiles.organisationMasterData(organisationId),
        legalDetails: (email) => sponsorProfiles.legalDetails(email),
        chosenPackage: (sponsorshipId) => packages.chosenPackage(sponsorshipId),
      },
      blobs,
      mail,
      documents,
      sealKey,
      otherSealed: () => otherSealed,
      publicUrl: config.publicUrl,
      defaultLanguage: config.defaultLanguage === 'en' ? 'en' : 'de',
      retentionYears: config.agreementRetentionYears,
      log,
      clock,
    });
    sponsorships.agreementsCheckedBy({ confirmable: agreements.confirmable, takesUploads: agreements.takesUploads });
    packages.agreementsVoidedBy({ voidChanged: agreements.voidChanged, tellVoided: agreements.tellVoided });
    const repo = createAgreementsRepository(db);
    return {
      api: {
        copySettings: async (trx, fromEventId, toEventId, now) => {
          const settings = await repo.settings(fromEventId, trx);
          // No row: the defaults, which the new event has too.
          if (settings.updatedAt === null) return false;
          await repo.saveSettings(toEventId, settings, now, trx);
          return true;
        },
        sealKey,
        verifyAlso: (lookup) => {
          otherSealed.push(lookup);
        },
        sealedReference: async (sponsorshipId) => {
          const record = await repo.signedFor(sponsorshipId);
          return record ? { sha256: record.sha256, completedAt: record.completedAt } : null;
        },
      },
      routes: async (app) =>
        app.register(agreementsRoutes, {
          agreements,
          announceEvent: (eventId) => use('sponsorships').announceTo({ eventId }, ['sponsorship']),
        }),
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    agreements: AgreementsApi;
  }
}
