// Chat between an organisation and a sponsor address, its live stream (SSE) and its e-mail notices.
// Writes each sponsorship's activity into its conversation; offers its streams to the notifications.
import { defineModule } from '../kit.ts';
import { createChatAccess } from './access.ts';
import { createChatRepository } from './repository.ts';
import { chatRoutes } from './routes.ts';
import { createChatService } from './service.ts';
import { createStreamHub, type StreamHub } from './stream-hub.ts';
import { createStreamTickets, STREAM_TICKETS } from './stream-tickets.ts';

export type { ChatGuestLinks } from './access.ts';

export type ChatApi = { streams: Pick<StreamHub, 'hasUser' | 'sendToUser' | 'size'> };

export const chatModule = defineModule({
  name: 'chat',
  ports: ['db', 'database', 'events', 'mail', 'config', 'log', 'clock', 'readCache', 'tokenKeys'],
  setup: ({ db, database, events, mail, config, log, clock, readCache, tokenKeys, use, onClose }) => {
    const repo = createChatRepository(db, database.engine, {
      // One bad message fails a batch and the others are written one by one: told, since every
      // batch failing would cost a transaction per message without any error reaching a user.
      onBatchRetried: (error, size) => log.warn({ err: error, size }, 'chat message batch failed, written one by one'),
    });
    const guests = use('invitations', 'guestLinks');
    const hub = createStreamHub({ repo, events, log });
    const chat = createChatService({
      repo,
      events,
      hub,
      guests,
      mail,
      publicUrl: config.publicUrl,
      defaultLanguage: config.defaultLanguage,
      log,
      clock,
    });
    events.subscribe('sponsorship.activity', chat.postSponsorshipNotification);
    // Open streams would keep the server from closing; pending notices finish before the database goes.
    onClose('preClose', () => hub.close());
    onClose('onClose', () => chat.drain());
    return {
      api: { streams: { hasUser: hub.hasUser, sendToUser: hub.sendToUser, size: hub.size } },
      routes: async (app) =>
        app.register(chatRoutes, {
          chat,
          access: createChatAccess(repo, guests),
          hub,
          readCache,
          tickets: createStreamTickets(tokenKeys(STREAM_TICKETS), clock ?? (() => new Date())),
        }),
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    chat: ChatApi;
  }
}
