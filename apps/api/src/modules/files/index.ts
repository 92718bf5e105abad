// Files of events and signed agreements: upload URLs, PDF checks, downloads. The only writer of
// `event_files`: events and sponsorships attach files through the writes below, in their transactions.
import { defineModule } from '../kit.ts';
import { createFilesRepository } from './repository.ts';
import { filesRoutes } from './routes.ts';
import { createFilesService, type FilesService } from './service.ts';

export { contentDisposition } from './file-names.ts';
export { sendPdf } from './pdf-reply.ts';
export { organisationKeyPrefix } from './service.ts';
export type { DownloadListener, FilesService } from './service.ts';

type FilesRepository = ReturnType<typeof createFilesRepository>;

export type FilesApi = {
  service: FilesService;
  eventFileWrites: Pick<FilesRepository, 'attachEventFiles' | 'removeUnlistedEventFiles'>;
  signedFileWrites: Pick<FilesRepository, 'attachSignedAgreement' | 'deleteFile'>;
};

export const filesModule = defineModule({
  name: 'files',
  ports: ['db', 'blobs', 'config', 'log', 'clock', 'events'],
  setup: ({ db, blobs, config, log, clock, events, use }) => {
    const repo = createFilesRepository(db);
    const service = createFilesService({
      repo,
      store: blobs,
      access: use('access', 'events'),
      maxBytes: config.files.maxBytes,
      log,
      clock,
      onDownloaded: (who, file) => events.publish('file.downloaded', { who, file }),
    });
    return {
      api: {
        service,
        eventFileWrites: {
          attachEventFiles: repo.attachEventFiles,
          removeUnlistedEventFiles: repo.removeUnlistedEventFiles,
        },
        signedFileWrites: { attachSignedAgreement: repo.attachSignedAgreement, deleteFile: repo.deleteFile },
      },
      routes: async (app) =>
        app.register(filesRoutes, {
          files: service,
          maxBytes: config.files.maxBytes,
          localUploads: blobs.kind === 'local',
        }),
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    files: FilesApi;
  }
}
