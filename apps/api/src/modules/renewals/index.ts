// The next edition of an event and renewals (issue 60 points 4 and 5, decision 101): planning the copy
// through the modules that own each part, offering the previous sponsors a renewal through the
// invitations module, and the sponsor's answer. The only writer of renewal_offers.
import { defineModule } from '../kit.ts';
import { createRenewalsRepository } from './repository.ts';
import { renewalsRoutes } from './routes.ts';
import { createRenewalsService } from './service.ts';

export const renewalsModule = defineModule({
  name: 'renewals',
  ports: ['db', 'mail', 'config', 'clock'],
  setup: ({ db, mail, config, clock, use }) => {
    const renewals = createRenewalsService({
      db,
      repo: createRenewalsRepository(db),
      access: use('access', 'events'),
      editions: use('events', 'editions'),
      packages: use('packages'),
      agreements: use('agreements'),
      wall: use('sponsor-profiles'),
      invitations: use('invitations'),
      sponsorships: use('sponsorships'),
      readiness: use('readiness'),
      organisationName: async (organisationId) =>
        (await use('profiles').organisationMasterData(organisationId))?.name ?? '',
      mail,
      defaultLanguage: config.defaultLanguage === 'en' ? 'en' : 'de',
      clock,
    });
    return { api: {}, routes: async (app) => app.register(renewalsRoutes, { renewals }) };
  },
});
