// Assets (issue 59, point 3; decision 084): a deliverable's asset spec, the sponsor's uploads as
// rounds with their original files in the blob store, and the organisation's decisions. The only
// writer of asset_specs and asset_rounds; it logs in the deliverable's activity through fulfilment.
import { defineModule } from '../kit.ts';
import { createAssetsRepository } from './repository.ts';
import { assetsRoutes } from './routes.ts';
import { createAssetsService } from './service.ts';

export const assetsModule = defineModule({
  name: 'assets',
  ports: ['db', 'blobs', 'clock'],
  setup: ({ db, blobs, clock, use }) => {
    const fulfilment = use('fulfilment');
    const repo = createAssetsRepository(db, (trx, entries) => fulfilment.recordActivity(trx, entries));
    const assets = createAssetsService({
      repo,
      fulfilment,
      events: use('access', 'events'),
      store: blobs,
      ...(clock ? { clock } : {}),
    });
    fulfilment.checkInputWith((id, text) => assets.checkText(id, text));
    return {
      api: {},
      routes: async (app) =>
        app.register(assetsRoutes, {
          assets,
          announce: (id) => use('sponsorships').announceChange(id, ['deliverables']),
        }),
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    assets: Record<string, never>;
  }
}
