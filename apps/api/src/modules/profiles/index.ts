// Profiles and organisations: onboarding, master data, settings, membership and account deletion.
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
  'findByCognitoId' | 'joinOrganisation' | 'removeMember' | 'updateSettings'
> &
  ReturnType<typeof createOrganisationReads>;

export const profilesModule = defineModule({
  name: 'profiles',
  ports: ['db', 'identity', 'clock', 'log'],
  setup: ({ db, identity, clock, log, use }) => {
    const repo = createProfilesRepository(db, use('sponsorships', 'writes'));
    const archive = use('agreement-archive');
    const sponsorProfiles = use('sponsor-profiles');
    const profiles = createProfilesService({
      profiles: repo,
      identity,
      clock,
      // Signed agreements are archived in the deleting transaction (legal retention, decision 010); the
      // organisation's events and file records then go by ON DELETE CASCADE; its blobs once the archive
      // has its own copies.
      beforeOrganisationDeleted: (organisationId, trx) => archive.archiveOrganisation(organisationId, trx),
      onOrganisationDeleted: async (organisationId) => {
        try {
          await archive.finishOrganisationDeletion(organisationId);
          // Issued invoices stay (retention, decision record 026); unissued drafts have no reason to.
          await use('invoices').forgetDrafts(organisationId);
        } catch (error) {
          log.error({ err: error, organisationId }, "could not finish removing a deleted organisation's files");
        }
      },
      onAccountDeleted: (email) => sponsorProfiles.forgetAddress(email),
    });
    return {
      api: {
        findByCognitoId: repo.findByCognitoId,
        joinOrganisation: repo.joinOrganisation,
        removeMember: repo.removeMember,
        updateSettings: repo.updateSettings,
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
