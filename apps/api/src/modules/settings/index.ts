// The caller's settings (language, chat e-mail notices), kept on the profile by the profiles module.
import { defineModule } from '../kit.ts';
import { settingsRoutes } from './routes.ts';

export const settingsModule = defineModule({
  name: 'settings',
  ports: ['db', 'config', 'clock'],
  setup: ({ db, config, clock, use }) => ({
    api: {},
    routes: async (app) =>
      app.register(settingsRoutes, { db, profiles: use('profiles'), defaultLanguage: config.defaultLanguage, clock }),
  }),
});
