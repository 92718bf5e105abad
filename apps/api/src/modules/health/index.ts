// Liveness with the database, for load balancers and the start script.
import { defineModule } from '../kit.ts';
import { healthRoutes } from './routes.ts';

export const healthModule = defineModule({
  name: 'health',
  ports: ['database'],
  setup: ({ database }) => ({ api: {}, routes: async (app) => app.register(healthRoutes, { database }) }),
});
