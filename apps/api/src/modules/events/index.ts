// Events of an organisation and who may see and manage them. Other modules use its access rules.
import { defineModule } from '../kit.ts';
import { createEventAccess, type EventAccess } from './access.ts';
import { createEventLifecycleRepository } from './lifecycle-repository.ts';
import { createEventsRepository } from './repository.ts';
import { eventsRoutes } from './routes.ts';
import { createEventsService } from './service.ts';

export type { EventAccess, SponsorAccess } from './access.ts';

export type EventsApi = { access: EventAccess };

export const eventsModule = defineModule({
  name: 'events',
  ports: ['db', 'clock', 'readCache'],
  setup: ({ db, clock, readCache, use }) => {
    const repo = createEventsRepository(db, use('files', 'eventFileWrites'));
    const access = createEventAccess(repo, { sponsors: use('invitations', 'sponsorAccess') });
    const events = createEventsService({
      repo,
      lifecycle: createEventLifecycleRepository(db),
      access,
      files: use('files', 'service'),
      figures: use('sponsorships', 'figures'),
      clock,
    });
    return { api: { access }, routes: async (app) => app.register(eventsRoutes, { events, readCache }) };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    events: EventsApi;
  }
}
