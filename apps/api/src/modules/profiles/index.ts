// Profiles and organisations: onboarding, master data, settings, membership; account deletion calls
// deleteProfile from the account-deletion module above (decision 104).
// This module writes `user_profiles` and `organisations`; the others read them or call the API below.
import type { Db } from '../../db/index.ts';
import { defineModule } from '../kit.ts';
import { createProfilesRepository, findOrganisationName, type ProfilesRepository } from './repository.ts';
import { createOrganisationReads } from './organisation-reads.ts';
import { createProfilesService } from './service.ts';
import { profilesRoutes } from './routes.ts';

export type { OrganisationRole, Profile } from './repository.ts';
export type { OrganisationMasterData } from './organisation-reads.ts';
export { toProfileWire } from './service.ts';

/** The organisation name of a user, for the identity provider's password rule (decision 016). */
export const organisationNameOf = (db: Db) => (cognitoId: string) => findOrganisationName(db, cognitoId);

export type ProfilesApi = Pick<
  ProfilesRepository,
  'findByCognitoId' | 'joinOrganisation' | 'removeMember' | 'updateSettings' | 'deleteProfile'
> &
  ReturnType<typeof createOrganisationReads>;

export const profilesModule = defineModule({
  name: 'profiles',
  ports: ['db', 'clock'],
  setup: ({ db, clock, use }) => {
    const repo = createProfilesRepository(db, use('sponsorships', 'writes'));
    const profiles = createProfilesService({ profiles: repo, clock });
    return {
      api: {
        findByCognitoId: repo.findByCognitoId,
        joinOrganisation: repo.joinOrganisation,
        removeMember: repo.removeMember,
        updateSettings: repo.updateSettings,
        /** For the account-deletion module: the profile, and an organisation left without members. */
        deleteProfile: repo.deleteProfile,
        ...createOrganisationReads(db),
      },
      routes: async (app) => app.register(profilesRoutes, { profiles }),
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    profiles: ProfilesApi;
  }
}
