// One view of a sponsor across the organisation's events (issue 60 point 6, decision 109): a read
// model over the sponsorship chain's tables and the only writer of sponsor_notes. Nothing uses it.
import type { Db } from '../../db/index.ts';
import { defineModule } from '../kit.ts';
import { createSponsorViewRepository } from './repository.ts';
import { sponsorViewRoutes } from './routes.ts';
import { createSponsorViewService } from './service.ts';

export const sponsorViewModule = defineModule({
  name: 'sponsor-view',
  ports: ['db', 'clock'],
  setup: ({ db, clock, use }) => {
    const sponsors = createSponsorViewService({
      repo: createSponsorViewRepository(db),
      access: use('access', 'events'),
      clock: clock ?? (() => new Date()),
    });
    return { api: {}, routes: async (app) => app.register(sponsorViewRoutes, { sponsors }) };
  },
});

/** The notes on sponsors a user wrote, for their data export (GDPR art. 20): text, sponsor address, time. */
export async function sponsorNotesExport(db: Db, authorSub: string) {
  return (await createSponsorViewRepository(db).notesBy(authorSub)).map((note) => ({
    sponsor_email: note.sponsorEmailNormalized,
    text: note.text,
    created_at: note.createdAt.toISOString(),
  }));
}
