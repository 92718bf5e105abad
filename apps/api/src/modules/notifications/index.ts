// In-app alerts: stored per recipient from what other modules report by event, and pushed to the
// recipient's open streams (the chat's) in every process.
import { defineModule } from '../kit.ts';
import { createNotificationsRepository } from './repository.ts';
import { notificationsRoutes } from './routes.ts';
import { createNotificationsService } from './service.ts';

export const notificationsModule = defineModule({
  name: 'notifications',
  ports: ['db', 'events', 'log', 'clock'],
  setup: ({ db, events, log, clock, use, onClose }) => {
    const notifications = createNotificationsService({
      repo: createNotificationsRepository(db),
      events,
      streams: use('chat', 'streams'),
      log,
      clock,
    });
    events.subscribe('sponsorship.activity', notifications.onSponsorship);
    events.subscribe('chat.message-stored', notifications.onMessage);
    events.subscribe('invitation.team-accepted', notifications.onInvitationAccepted);
    events.subscribe('deliverables.overdue', notifications.onDeliverablesOverdue);
    events.subscribe('shipment.changed', notifications.onShipment);
    onClose('preClose', () => notifications.close());
    return { api: {}, routes: async (app) => app.register(notificationsRoutes, { notifications }) };
  },
});
