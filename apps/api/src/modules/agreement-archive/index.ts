// The archive of signed agreements kept after an organisation is deleted (legal retention, decision 010).
import type { Db } from '../../db/index.ts';
import { defineModule } from '../kit.ts';
import { createAgreementArchiveRepository } from './repository.ts';
import { agreementArchiveRoutes } from './routes.ts';
import { createAgreementArchiveService, type AgreementArchiveService } from './service.ts';

export { retainUntil, toArchivedAgreementWire } from './service.ts';

/** The archived agreements of a sponsor address (the data export reads them). */
export const archivedAgreementsOf = (db: Db, emailNormalized: string) =>
  createAgreementArchiveRepository(db).listForSponsor(emailNormalized);

/** The archive as the operator's commands build it, outside a running server. */
export { createAgreementArchiveRepository, createAgreementArchiveService };

export type AgreementArchiveApi = Pick<AgreementArchiveService, 'archiveOrganisation' | 'finishOrganisationDeletion'>;

export const agreementArchiveModule = defineModule({
  name: 'agreement-archive',
  ports: ['db', 'blobs', 'log', 'config', 'clock'],
  setup: ({ db, blobs, log, config, clock, use }) => {
    const files = use('files', 'service');
    const archive = createAgreementArchiveService({
      repo: createAgreementArchiveRepository(db),
      store: blobs,
      log,
      retentionYears: config.agreementRetentionYears,
      deleteOrganisationFiles: (organisationId) => files.deleteOrganisationFiles(organisationId),
      clock,
    });
    return {
      api: {
        archiveOrganisation: archive.archiveOrganisation,
        finishOrganisationDeletion: archive.finishOrganisationDeletion,
      },
      routes: async (app) => app.register(agreementArchiveRoutes, { archive }),
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    'agreement-archive': AgreementArchiveApi;
  }
}
