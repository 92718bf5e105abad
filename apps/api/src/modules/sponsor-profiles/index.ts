// Sponsor profiles and the public sponsor wall (issue 18, points 4 and 5): a sponsor's public name,
// descriptions, website and logo by their address, the consent per sponsorship to be shown, the
// organisers' switch per event, the public feed and the logo files. The only writer of
// sponsor_profiles, sponsor_wall_consents and sponsor_walls; the logos live in the blob store.
import { normaliseEmail } from '../../lib/email.ts';
import { defineModule } from '../kit.ts';
import { createLegalDetailsRepository, type SponsorLegalDetails } from './legal-details.ts';
import { createSponsorProfilesRepository } from './repository.ts';
import { sponsorProfileRoutes } from './routes.ts';
import { createSponsorProfilesService, type SponsorProfilesService } from './service.ts';
import { sponsorWallRoutes } from './wall-routes.ts';
import { createSponsorWallService } from './wall-service.ts';

export { sponsorProfileExport } from './data-export.ts';
export { headerSize, reencodeLogo, sniffLogo } from './logo-image.ts';
export type { SponsorLegalDetails } from './legal-details.ts';
import { copyWallSetting } from './wall-copy.ts';

export type SponsorProfilesApi = {
  /** Account deletion: removes the address's profile, logo and wall consents. */
  forgetAddress: SponsorProfilesService['forgetAddress'];
  /** For fulfilment: whether the (normalised) address's profile has a logo already. */
  hasLogo(emailNormalized: string): Promise<boolean>;
  /** For agreements and invoices: the sponsor's legal and billing details, null until entered. */
  legalDetails(emailNormalized: string): Promise<SponsorLegalDetails | null>;
  /** For the web app's wall page: whether the event's public wall is shown (its feed answers 200). */
  wallIsPublic(eventId: number): Promise<boolean>;
  /**
   * For the wall's counting: the entries the public wall shows now (sponsorship id → website), from
   * the same cached feed; 404 `sponsor-wall.not-found` when the wall is not public.
   */
  wallEntries(eventId: number): Promise<ReadonlyMap<number, string | null>>;
  /** For the renewals module: the wall's switch carried into a next edition, in its transaction. */
  copyWallSetting: typeof copyWallSetting;
};

export const sponsorProfilesModule = defineModule({
  name: 'sponsor-profiles',
  ports: ['db', 'blobs', 'log', 'clock', 'events'],
  setup: ({ db, blobs, log, clock, events, use }) => {
    const repo = createSponsorProfilesRepository(db);
    const legal = createLegalDetailsRepository(db);
    const wall = createSponsorWallService({ repo, events: use('access', 'events'), clock });
    const profiles = createSponsorProfilesService({
      repo,
      legal,
      store: blobs,
      sponsors: use('access', 'sponsors'),
      parties: use('sponsorships', 'parties'),
      log,
      clock,
      logoSet: (payload) => events.publish('sponsor-profile.logo-set', payload),
      changed: (eventId) => wall.invalidate(eventId),
    });
    // A sponsorship confirmed, declined or withdrawn changes who is on its event's wall.
    events.subscribe('sponsorship.activity', ({ kind, eventId }) => {
      if (kind === 'status_changed') wall.invalidate(eventId);
    });
    return {
      api: {
        forgetAddress: (email) => profiles.forgetAddress(email),
        hasLogo: async (email) => Boolean((await repo.findProfile(email))?.logoKey),
        legalDetails: (email) => legal.find(email),
        wallIsPublic: (eventId) => wall.isPublic(eventId),
        wallEntries: async (eventId) => (await wall.publicFeed(eventId)).entries,
        copyWallSetting,
      },
      routes: async (app) => {
        await app.register(sponsorProfileRoutes, {
          profiles,
          announce: (email) =>
            use('sponsorships').announceTo({ sponsorEmailNormalized: normaliseEmail(email) }, ['profile']),
        });
        await app.register(sponsorWallRoutes, { wall });
      },
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    'sponsor-profiles': SponsorProfilesApi;
  }
}
