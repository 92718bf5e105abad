// The operator log (issue 63 point 5, decision 077): the one writer of operator_log. Modules whose
// changes it records call recordOperatorEntry with their own transaction; the owner reads it here.
import { defineModule } from '../kit.ts';
import { operatorLogRoutes } from './routes.ts';

export { recordOperatorEntry, type OperatorEntry } from './repository.ts';

export const operatorLogModule = defineModule({
  name: 'operator-log',
  ports: ['db'],
  setup: ({ db, use }) => ({
    api: {},
    routes: async (app) => app.register(operatorLogRoutes, { db, profiles: use('profiles') }),
  }),
});
