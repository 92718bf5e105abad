// The caller's own data as one JSON document (GDPR access), read from every module's tables.
import { defineModule } from '../kit.ts';
import { dataExportRoutes } from './routes.ts';

export const dataExportModule = defineModule({
  name: 'data-export',
  ports: ['db', 'config', 'clock'],
  setup: ({ db, config, clock }) => ({
    api: {},
    routes: async (app) => app.register(dataExportRoutes, { db, defaultLanguage: config.defaultLanguage, clock }),
  }),
});
