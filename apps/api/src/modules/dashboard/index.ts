// The organiser's dashboard counters and progress, read from events and sponsorships.
import { defineModule } from '../kit.ts';
import { createDashboardRepository } from './repository.ts';
import { dashboardRoutes } from './routes.ts';

export const dashboardModule = defineModule({
  name: 'dashboard',
  ports: ['db'],
  setup: ({ db, use }) => ({
    api: {},
    routes: async (app) =>
      app.register(dashboardRoutes, { repo: createDashboardRepository(db), access: use('access', 'events') }),
  }),
});
