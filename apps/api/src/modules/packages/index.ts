// Sponsoring packages (issue 18): an event's packages with their benefits, the packages offered to a
// sponsorship, its choice (the last slot decided by the database) and the sponsorship's activity log.
// The only writer of packages, package_benefits, sponsorship_offers, sponsorship_choices and
// sponsorship_activity; the sponsorship's amount is changed through the sponsorships module's write.
import type { AgreementVoiding } from '../agreements/index.ts';
import { defineModule, handedIn } from '../kit.ts';
import { createSponsorshipChanges } from './changes.ts';
import { createPackagesLifecycle } from './lifecycle.ts';
import { createPackagesRepository } from './repository.ts';
import { packagesRoutes } from './routes.ts';
import { createPackagesService, type PackagesService } from './service.ts';
import { copyPackagesForEdition } from './edition-copy.ts';

// The sponsoring numbers add the deliverables' progress, so the fulfilment module, above this one, mounts them.
export { createNumbersRepository, numbersRoutes } from './numbers.ts';

export type PackagesApi = {
  /** For the invitations module: checks the packages to offer and answers the write for its transaction. */
  prepareOffer: PackagesService['prepareOffer'];
  /** For the fulfilment module: the sponsorship's package and its benefits. */
  chosenPackage: PackagesLifecycle['chosenPackage'];
  /** For the invoices module: an entry in the sponsorship's activity log (invoice issued, cancelled, paid). */
  recordActivity: PackagesLifecycle['recordActivity'];
  /** For the renewals module: the packages copied into a next edition, in its planning transaction. */
  copyForEdition: typeof copyPackagesForEdition;
  /** For the renewals module: the sponsor's choice when accepting a renewal (the last slot as always). */
  choose: PackagesService['choose'];
  /**
   * For the agreements module, once at its setup: voiding the signatures a change of package or amount
   * no longer matches. The agreements module sits above this one (decision 104).
   */
  agreementsVoidedBy(voiding: AgreementVoiding): void;
};

type PackagesLifecycle = ReturnType<typeof createPackagesLifecycle>;

export const packagesModule = defineModule({
  name: 'packages',
  ports: ['db', 'clock', 'events', 'readCache'],
  setup: ({ db, clock, events, readCache, use }) => {
    const writes = use('sponsorships', 'writes');
    const repo = createPackagesRepository(db, writes);
    const voiding = handedIn<AgreementVoiding>('agreements', 'packages');
    const changes = createSponsorshipChanges({
      repo,
      writes,
      agreements: {
        voidChanged: (trx, ids, parts) => voiding.get().voidChanged(trx, ids, parts),
        tellVoided: (voided, actor) => voiding.get().tellVoided(voided, actor),
      },
    });
    const packages = createPackagesService({
      repo,
      events: use('access', 'events'),
      sponsorships: use('sponsorships', 'parties'),
      changes,
      clock,
    });
    const lifecycle = createPackagesLifecycle({ db, repo, changes, ...(clock ? { clock } : {}) });
    events.subscribe('sponsorship.activity', lifecycle.onSponsorshipActivity);
    use('sponsorships').amountsDecidedBy({ changeAmount: lifecycle.changeAmount, releaseSlot: lifecycle.releaseSlot });
    return {
      api: {
        prepareOffer: (event, ids, actor) => packages.prepareOffer(event, ids, actor),
        chosenPackage: lifecycle.chosenPackage,
        recordActivity: lifecycle.recordActivity,
        copyForEdition: copyPackagesForEdition,
        choose: (caller, id, packageId) => packages.choose(caller, id, packageId),
        agreementsVoidedBy: voiding.set,
      },
      routes: async (app) => {
        await app.register(packagesRoutes, {
          packages,
          readCache,
          announce: (id) => use('sponsorships').announceChange(id, ['sponsorship']),
          announceEvent: (eventId) => use('sponsorships').announceTo({ eventId }, ['sponsorship']),
        });
      },
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    packages: PackagesApi;
  }
}
