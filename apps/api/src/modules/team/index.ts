// The members of an organisation: listing, and removal by its owner (the profiles module writes it).
import { defineModule } from '../kit.ts';
import { createTeamRepository } from './repository.ts';
import { teamRoutes } from './routes.ts';
import { createTeamService } from './service.ts';

export const teamModule = defineModule({
  name: 'team',
  ports: ['db', 'clock'],
  setup: ({ db, clock, use }) => {
    const team = createTeamService({ repo: createTeamRepository(db), profiles: use('profiles'), clock });
    return { api: {}, routes: async (app) => app.register(teamRoutes, { team }) };
  },
});
