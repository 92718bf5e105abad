// Events of an organisation: their records, files and lifecycle. Who may see and manage them is the
// access module's.
import { defineModule } from '../kit.ts';
import { createEditionWrites, type EditionWrites } from './edition-writes.ts';
import { createEventLifecycleRepository } from './lifecycle-repository.ts';
import { createEventsRepository } from './repository.ts';
import { eventsRoutes } from './routes.ts';
import { createEventsService } from './service.ts';

/** For the renewals module: the next edition's row in its planning transaction, and what an event follows. */
export type EventsApi = { editions: EditionWrites };

export const eventsModule = defineModule({
  name: 'events',
  ports: ['db', 'clock', 'readCache'],
  setup: ({ db, clock, readCache, use }) => {
    const repo = createEventsRepository(db, use('files', 'eventFileWrites'));
    const access = use('access', 'events');
    const events = createEventsService({
      repo,
      lifecycle: createEventLifecycleRepository(db),
      access,
      files: use('files', 'service'),
      figures: use('sponsorships', 'figures'),
      clock,
    });
    return {
      api: { editions: createEditionWrites(db) },
      routes: async (app) => app.register(eventsRoutes, { events, readCache }),
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    events: EventsApi;
  }
}
