// The header's search over what the caller may see.
import { defineModule } from '../kit.ts';
import { createSearchRepository } from './repository.ts';
import { searchRoutes } from './routes.ts';

export const searchModule = defineModule({
  name: 'search',
  ports: ['db'],
  setup: ({ db }) => ({
    api: {},
    routes: async (app) => app.register(searchRoutes, { repo: createSearchRepository(db) }),
  }),
});
