// The chat calls of spec section 7 under /api: conversations and messages for signed-in users
// (bearer) and for invited guests (/token/..., `Authorization: <token>:<email>`), and the live stream
// (SSE) with its ticket for EventSource, which cannot send headers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES_PAGE_SIZE_DEFAULT,
  MESSAGES_PAGE_SIZE_MAX,
  ZApiError,
  ZConversationMessagesQuery,
  ZConversationMessagesResponse,
  ZInviteEmail,
  ZListConversationsResponse,
  ZSendMessageRequest,
  ZSendMessageResponse,
  ZStartConversationResponse,
  ZStreamTicketResponse,
  ZUnreadSummary,
} from '@sp/shared';
import { unauthenticated } from '../../lib/errors.ts';
import type { ReadCache } from '../../read-cache/index.ts';
import { requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import { normaliseEmail } from '../../lib/email.ts';
import type { ChatAccess, GuestParticipant, Participant } from './access.ts';
import type { ChatService } from './service.ts';
import type { StreamHub } from './stream-hub.ts';
import type { StreamTickets } from './stream-tickets.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
// Guest routes take `Authorization: <token>:<email>`, which OpenAPI cannot describe as a scheme.
const guestSecurity = [{}];
const messagesDescription =
  `The newest \`limit\` messages (default ${MESSAGES_PAGE_SIZE_DEFAULT}, at most ${MESSAGES_PAGE_SIZE_MAX}), ` +
  'or the newest older than the message `before`. ' +
  'The `X-Has-More` header is `true` when older messages exist: ask again with `before` = the first id.';

export type ChatRoutesOptions = {
  chat: ChatService;
  access: ChatAccess;
  hub: StreamHub;
  tickets: StreamTickets;
  readCache: ReadCache;
};

export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (
  app,
  { chat, access, hub, tickets, readCache },
) => {
  const user = (request: FastifyRequest) => {
    const caller = requireUser(request);
    return access.user({ sub: caller.sub, email: caller.email });
  };
  /** The signed-in caller and the conversation of the `id` parameter: one round trip (decision 014). */
  const userConversation = (request: FastifyRequest<{ Params: { id: number } }>) => {
    const caller = requireUser(request);
    return access.userConversation({ sub: caller.sub, email: caller.email }, request.params.id);
  };

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', app.authenticate);

    signedIn.get(
      '/conversation',
      {
        schema: {
          tags: ['chat'],
          summary: 'Your conversations, newest activity first',
          description: "Your organisation's conversations and those naming your address as the sponsor.",
          security: [{ bearer: [] }],
          response: { 200: ZListConversationsResponse, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireUser(request);
        const who = { sub: caller.sub, email: caller.email };
        return readCache.sendJson(reply, chat.conversationsListing(await access.user(who)));
      },
    );

    // Registered as a literal path: static routes win over /conversation/:id.
    signedIn.get(
      '/conversation/unread',
      {
        schema: {
          tags: ['chat'],
          summary: 'Your unread messages (header and dashboard counters)',
          security: [{ bearer: [] }],
          response: { 200: ZUnreadSummary, ...errors },
        },
      },
      async (request) => chat.unreadSummary(await user(request)),
    );

    signedIn.get(
      '/conversation/:id',
      {
        schema: {
          tags: ['chat'],
          summary: "A page of a conversation's messages, oldest first; marks the other side's as read",
          description: messagesDescription,
          security: [{ bearer: [] }],
          params: idParams,
          querystring: ZConversationMessagesQuery,
          response: { 200: ZConversationMessagesResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { conversation, side } = await userConversation(request);
        return readCache.send(
          reply,
          chat.messagesListing(conversation, side, request.query),
          ZConversationMessagesResponse,
        );
      },
    );

    signedIn.post(
      '/conversation/:email',
      {
        schema: {
          tags: ['chat'],
          summary: 'Start a conversation with an e-mail address (or get the existing one)',
          description:
            'An organiser starts a conversation of their organisation with a sponsor address; anyone else one ' +
            "with the organisation of the member who has the address. 400 for your own or a colleague's address.",
          security: [{ bearer: [] }],
          params: z.object({ email: ZInviteEmail }),
          response: { 200: ZStartConversationResponse, ...errors },
        },
      },
      async (request) => chat.startConversation(await user(request), request.params.email),
    );

    signedIn.post(
      '/conversation/:id/message',
      {
        schema: {
          tags: ['chat'],
          summary: 'Send a message; answers the stored message',
          security: [{ bearer: [] }],
          params: idParams,
          body: ZSendMessageRequest,
          response: { 201: ZSendMessageResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { participant, conversation, side } = await userConversation(request);
        return reply.status(201).send(await chat.sendMessage(participant, conversation, side, request.body.message));
      },
    );
  });

  await app.register(async (scope) => {
    const guests = scope.withTypeProvider<ZodTypeProvider>();
    const guestOf = new WeakMap<FastifyRequest, GuestParticipant>();
    guests.addHook('onRequest', async (request) => {
      const credentials = sponsorGuestOf(request);
      if (!credentials) throw unauthenticated();
      guestOf.set(request, await access.guest(credentials));
    });
    const guest = (request: FastifyRequest) => {
      const participant = guestOf.get(request);
      if (!participant) throw unauthenticated();
      return participant;
    };

    guests.get(
      '/token/conversation',
      {
        schema: {
          tags: ['chat'],
          summary: 'The invited sponsor’s conversation (guest)',
          description: 'With `Authorization: <token>:<email>` of a sponsor invitation link.',
          security: guestSecurity,
          response: { 200: ZListConversationsResponse, ...errors },
        },
      },
      async (request, reply) => readCache.sendJson(reply, chat.conversationsListing(guest(request))),
    );

    guests.get(
      '/token/conversation/unread',
      {
        schema: {
          tags: ['chat'],
          summary: 'The invited sponsor’s unread messages (guest)',
          security: guestSecurity,
          response: { 200: ZUnreadSummary, ...errors },
        },
      },
      async (request) => chat.unreadSummary(guest(request)),
    );

    guests.get(
      '/token/conversation/:id',
      {
        schema: {
          tags: ['chat'],
          summary: 'A page of the conversation’s messages (guest); marks the organisation’s as read',
          description: messagesDescription,
          security: guestSecurity,
          params: idParams,
          querystring: ZConversationMessagesQuery,
          response: { 200: ZConversationMessagesResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { conversation, side } = await access.conversation(guest(request), request.params.id);
        return readCache.send(
          reply,
          chat.messagesListing(conversation, side, request.query),
          ZConversationMessagesResponse,
        );
      },
    );

    guests.post(
      '/token/conversation/:id/message',
      {
        schema: {
          tags: ['chat'],
          summary: 'Send a message as the invited sponsor (guest)',
          security: guestSecurity,
          params: idParams,
          body: ZSendMessageRequest,
          response: { 201: ZSendMessageResponse, ...errors },
        },
      },
      async (request, reply) => {
        const participant = guest(request);
        const { conversation, side } = await access.conversation(participant, request.params.id);
        return reply.status(201).send(await chat.sendMessage(participant, conversation, side, request.body.message));
      },
    );
  });

  /** Bearer, else guest credentials; neither is 401. */
  const headerParticipant = async (request: FastifyRequest, reply: FastifyReply): Promise<Participant> => {
    const credentials = sponsorGuestOf(request);
    if (credentials) return access.guest(credentials);
    await app.authenticate(request, reply);
    return user(request);
  };

  app.post(
    '/stream/ticket',
    {
      schema: {
        tags: ['chat'],
        summary: 'A ticket for GET /stream?ticket= (valid 60 s)',
        description: 'EventSource cannot send an Authorization header: it connects with this ticket instead.',
        security: [{ bearer: [] }, ...guestSecurity],
        response: { 200: ZStreamTicketResponse, ...errors },
      },
    },
    async (request, reply) => {
      const participant = await headerParticipant(request, reply);
      const { ticket, expiresAt } = await tickets.issue(
        participant.kind === 'user'
          ? { kind: 'user', sub: participant.sub, email: participant.email }
          : { kind: 'guest', organisationId: participant.organisationId, email: participant.email },
      );
      return { ticket, expires_at: expiresAt.toISOString() };
    },
  );

  app.get(
    '/stream',
    {
      schema: {
        tags: ['chat'],
        summary: 'Live chat events (Server-Sent Events)',
        description:
          'Events `ready`, `message` (id: the message id), `read`, `unread`, `sponsorship` and `gap` (refetch: ' +
          'something may have been missed that was not replayed), a comment every 25 s. Authenticate with a ' +
          'bearer token, guest credentials or `?ticket=`. Resume with `Last-Event-ID` (or `?last_event_id=`): ' +
          'the messages stored after it are replayed (up to 500, then `gap`).',
        security: [{ bearer: [] }, ...guestSecurity, {}],
        querystring: z.object({
          ticket: z.string().min(1).max(2048).optional(),
          last_event_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
        }),
        response: { 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      let participant: Participant;
      if (request.query.ticket !== undefined) {
        const holder = await tickets.verify(request.query.ticket);
        if (!holder) throw unauthenticated();
        participant =
          holder.kind === 'user'
            ? await access.user(holder)
            : {
                kind: 'guest',
                email: holder.email,
                emailNormalized: normaliseEmail(holder.email),
                organisationId: holder.organisationId,
              };
      } else {
        participant = await headerParticipant(request, reply);
      }
      const header = request.headers['last-event-id'];
      const fromHeader = typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : null;
      const lastEventId = fromHeader ?? request.query.last_event_id ?? null;

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      request.raw.socket.setNoDelay(true);
      await hub.open(participant, raw, lastEventId);
    },
  );
};
