// The organiser's open tasks, read from events and sponsorships.
import { defineModule } from '../kit.ts';
import { createTasksRepository } from './repository.ts';
import { tasksRoutes } from './routes.ts';

export const tasksModule = defineModule({
  name: 'tasks',
  ports: ['db', 'clock'],
  setup: ({ db, clock, use }) => ({
    api: {},
    routes: async (app) =>
      app.register(tasksRoutes, {
        repo: createTasksRepository(db),
        access: use('access', 'events'),
        fulfilment: use('fulfilment'),
        invoices: use('invoices'),
        clock,
      }),
  }),
});
