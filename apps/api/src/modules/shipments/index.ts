// Shipments (issue 59 point 6, decision 082): the sponsor announces parcels from their link or
// dashboard; the venue, with its own revocable token link per event, marks them received; both
// sides hear of it. The only writer of shipments and venue_links. Exports the readiness board's
// shipments column.
import { sponsorshipChange } from '../domain-events.ts';
import { defineModule } from '../kit.ts';
import { createShipmentsRepository } from './repository.ts';
import { shipmentsRoutes } from './routes.ts';
import { createShipmentsService } from './service.ts';

export { shipmentReadiness } from './readiness.ts';

export const shipmentsModule = defineModule({
  name: 'shipments',
  ports: ['db', 'blobs', 'clock', 'events', 'config'],
  setup: ({ db, blobs, clock, events, config, use }) => {
    const shipments = createShipmentsService({
      repo: createShipmentsRepository(db),
      sponsorships: use('sponsorships', 'parties'),
      events: use('access', 'events'),
      domainEvents: events,
      publicUrl: config.publicUrl,
      store: blobs,
      ...(clock ? { clock } : {}),
    });
    const announce = async (sponsorshipId: number) => {
      const sponsorship = await use('sponsorships').byId(sponsorshipId);
      if (!sponsorship) return;
      await events.publish(
        'sponsorship.changed',
        sponsorshipChange(sponsorship.organisationId, sponsorship.sponsorEmail, sponsorshipId, ['shipments']),
      );
    };
    return {
      api: {},
      routes: async (app) => app.register(shipmentsRoutes, { shipments, announce }),
    };
  },
});
