// Liveness with the database, and readiness (decision 076), for load balancers and the start script.
import { defineModule } from '../kit.ts';
import { healthRoutes } from './routes.ts';

export const healthModule = defineModule({
  name: 'health',
  ports: ['database', 'events'],
  setup: ({ database, events, onClose }) => {
    const state = { accepting: true };
    // From the first moment of a shutdown the load balancer is told to send new requests elsewhere.
    onClose('preClose', () => (state.accepting = false));
    return { api: {}, routes: async (app) => app.register(healthRoutes, { database, events, state }) };
  },
});
