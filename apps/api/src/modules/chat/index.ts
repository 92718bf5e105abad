// Chat between an organisation and a sponsor address, its live stream (SSE) and its e-mail notices.
// Writes each sponsorship's activity into its conversation; offers its streams to the notifications.
import { readMemoOf } from '../../db/index.ts';
import { defineModule } from '../kit.ts';
import { createChatAccess } from './access.ts';
import { createConversationListMemory } from './conversation-list-memory.ts';
import { createChatRepository } from './repository.ts';
import { chatRoutes } from './routes.ts';
import { createChatClock } from './chat-clock.ts';
import { createListClock } from './list-clock.ts';
import { createChatService } from './service.ts';
import { createStreamHub, type StreamHub } from './stream-hub.ts';
import { createStreamTickets, STREAM_TICKETS } from './stream-tickets.ts';

export type { ChatGuestLinks } from './access.ts';

/** The rows kept of answered conversation lists (decision 034): about 130 lists of 150 conversations. */
const LIST_MEMORY_BYTES = 16 * 1024 * 1024;
/** The longest a kept page of messages is trusted without a write told (decision 043). */
const MESSAGES_TRUSTED_MS = 5_000;

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
    const messagesClock = createChatClock({ trustMs: MESSAGES_TRUSTED_MS });
    // Other processes' chat writes. The bus hands this process's own events here too, so its writes
    // move the clock twice (once as they commit, in the service): at most one extra page load.
    events.subscribe('chat.changed', (event) => messagesClock.moved(event.c));
    events.onResumed(() => messagesClock.forgetAll());
    const chat = createChatService({
      repo,
      events,
      hub,
      guests,
      mail,
      publicUrl: config.publicUrl,
      defaultLanguage: config.defaultLanguage,
      log,
      listMemory: createConversationListMemory({ maxBytes: LIST_MEMORY_BYTES }),
      messagesClock,
      // The read memo says which writes reach the lists untold (PostgreSQL); none on SQLite: no clock.
      listClock: createListClock(readMemoOf(db) ?? { stamp: () => null }),
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
