// Account deletion (GDPR erasure), on top of the modules it touches (decision 104): it calls each
// one's own API, so none of them needs another for it. The profile, and an organisation left without
// members, go in one transaction in which the agreement archive first keeps the signed agreements
// (legal retention, decision 010); the organisation's events and file records follow by ON DELETE
// CASCADE. Then its blobs and its invoice drafts, what the sponsor-profiles module keeps by the
// address, and last the identity user.
import { fail } from '../../lib/errors.ts';
import { defineModule } from '../kit.ts';
import { accountDeletionRoutes, type DeletionCaller } from './routes.ts';

export const accountDeletionModule = defineModule({
  name: 'account-deletion',
  ports: ['identity', 'log'],
  setup: ({ identity, log, use }) => {
    const profiles = use('profiles');
    const archive = use('agreement-archive');
    const deleteAccount = async (caller: DeletionCaller, cognitoId: string) => {
      if (caller.sub !== cognitoId) throw fail('profile.not-own', 'You can only access your own profile');
      const { deletedOrganisationId } = await profiles.deleteProfile(cognitoId, {
        beforeOrganisationDeleted: (organisationId, trx) => archive.archiveOrganisation(organisationId, trx),
      });
      if (deletedOrganisationId !== null) {
        try {
          await archive.finishOrganisationDeletion(deletedOrganisationId);
          // Issued invoices stay (retention, decision record 026); unissued drafts have no reason to.
          await use('invoices').forgetDrafts(deletedOrganisationId);
        } catch (error) {
          log.error(
            { err: error, organisationId: deletedOrganisationId },
            "could not finish removing a deleted organisation's files",
          );
        }
      }
      await use('sponsor-profiles').forgetAddress(caller.email);
      await identity.deleteUser(cognitoId);
    };
    return { api: {}, routes: async (app) => app.register(accountDeletionRoutes, { deleteAccount }) };
  },
});
