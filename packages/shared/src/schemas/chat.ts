// Conversations and messages (spec sections 3 and 7) and the live stream's events, snake_case on the
// wire. A conversation joins one organisation (every member sees it) with one sponsor address (a
// guest with the invitation link, or the registered user with that address).
import { z } from 'zod';
import { CHAT_MESSAGE_MAX } from '../limits.ts';

export const MESSAGE_TYPES = ['text', 'notification'] as const;
export const ZMessageType = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof ZMessageType>;

/** Which side of a conversation a message came from; notifications are written by the system. */
export const CONVERSATION_SIDES = ['organisation', 'sponsor', 'system'] as const;
export const ZConversationSide = z.enum(CONVERSATION_SIDES);
export type ConversationSide = z.infer<typeof ZConversationSide>;

export const ZMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  /** Cognito id of the author; null for a guest's and the system's messages. */
  sender_id: z.string().nullable(),
  /** Display name of the author (organisation name or e-mail address). */
  sender: z.string(),
  sender_side: ZConversationSide,
  message: z.string(),
  type: ZMessageType,
  sent_at: z.string(),
  /** Read by the other side. */
  is_read: z.boolean(),
  /** Written by the caller's side of the conversation. */
  from_me: z.boolean(),
});
export type MessageWire = z.infer<typeof ZMessage>;

/**
 * A conversation's last message as the conversation list carries it: the message without what the
 * row already says (its conversation) or the list does not show (the author's id and name), and a
 * text cut to a preview (decision 051). The list's size is most of its cost to send.
 */
export const ZLastMessage = ZMessage.omit({ conversation_id: true, sender_id: true, sender: true });
export type LastMessageWire = z.infer<typeof ZLastMessage>;

/** A text message's preview in the list: this many characters at most, then an ellipsis. */
export const LAST_MESSAGE_PREVIEW_MAX = 200;

export const ZConversation = z.object({
  id: z.number().int(),
  /** The other party: the organisation's name for a sponsor, the sponsor's address for an organisation. */
  other_name: z.string(),
  /** The last message, or null for a conversation without messages yet. */
  message: ZLastMessage.nullable(),
  /** Messages of the other side the caller has not read. */
  unread_count: z.number().int().min(0),
  updated_at: z.string(),
});
export type ConversationWire = z.infer<typeof ZConversation>;

/** GET /conversation and GET /token/conversation, newest activity first. */
export const ZListConversationsResponse = z.array(ZConversation);

export const MESSAGES_PAGE_SIZE_DEFAULT = 50;
export const MESSAGES_PAGE_SIZE_MAX = 200;
/** Message ids are int4 on PostgreSQL (as every id of the schema). */
const MESSAGE_ID_MAX = 2_147_483_647;

/**
 * GET /conversation/{id} and GET /token/conversation/{id}: one page of the history, the newest
 * `limit` messages, or the newest `limit` older than the message `before`. A long conversation is
 * not sent whole on every open; the client loads older pages when the reader scrolls back.
 */
export const ZConversationMessagesQuery = z.object({
  before: z.coerce.number().int().min(1).max(MESSAGE_ID_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_SIZE_MAX).default(MESSAGES_PAGE_SIZE_DEFAULT),
});
export type ConversationMessagesQuery = z.input<typeof ZConversationMessagesQuery>;
/** A page of a conversation's history as the API reads it (the query with its default). */
export type MessagesPage = z.output<typeof ZConversationMessagesQuery>;

/** The page's messages, oldest first; `X-Has-More: true` when older messages exist. */
export const ZConversationMessagesResponse = z.array(ZMessage);
/** The response header saying whether messages older than the page exist. */
export const MESSAGES_HAS_MORE_HEADER = 'x-has-more';

/** POST /conversation/{id}/message and POST /token/conversation/{id}/message */
export const ZSendMessageRequest = z.object({
  message: z
    .string()
    .max(CHAT_MESSAGE_MAX, 'message_too_long')
    .refine((text) => text.trim().length > 0, 'message_empty'),
  /** Callers may only send `text`; notifications are written by the system. */
  type: z.literal('text').default('text'),
});
export type SendMessageRequest = z.input<typeof ZSendMessageRequest>;
/** @alias (another name for the same contract) */
export const ZSendMessageResponse = ZMessage;

/**
 * POST /conversation/{email}: the conversation, existing or new.
 * @alias (another name for the same contract)
 */
export const ZStartConversationResponse = ZConversation;

/** GET /conversation/unread (and /token/conversation/unread): the header's and dashboard's counters. */
export const ZUnreadSummary = z.object({
  /** Unread messages of the other side, over all the caller's conversations. */
  unread_messages: z.number().int().min(0),
  /** Conversations with at least one unread message. */
  unread_conversations: z.number().int().min(0),
  /**
   * Conversations whose newest participant message is from the other side (read or not): they wait
   * for the caller's answer. The organiser dashboard's "unanswered messages" (issue 21, point 8).
   */
  unanswered_conversations: z.number().int().min(0),
});
export type UnreadSummary = z.infer<typeof ZUnreadSummary>;

/**
 * Events of GET /api/stream (Server-Sent Events). `event:` is the type below, `data:` its JSON.
 * `message` events carry the message id as the SSE `id:`, so a reconnect with `Last-Event-ID`
 * replays what was missed.
 * @alias (another name for the same contract)
 */
export const ZStreamMessageEvent = ZMessage;
export const ZStreamReadEvent = z.object({
  conversation_id: z.number().int(),
  /** The side that read; messages of the other side up to `up_to_id` are now read. */
  reader_side: ZConversationSide,
  up_to_id: z.number().int(),
});
/** @alias (another name for the same contract) */
export const ZStreamUnreadEvent = ZUnreadSummary;
/** Sent first on every (re)connect; a comment line follows every `heartbeat_ms`. */
export const ZStreamReadyEvent = z.object({ heartbeat_ms: z.number().int() });
/**
 * Something another party may have changed in a sponsorship of the receiver (its state, package,
 * agreement, deliverables or invoices): ids only, the screens refetch what they show (issue 58, point 3).
 * Sent to the organisation's members and to the sponsorship's sponsor (account or guest link).
 */
/**
 * What a `sponsorship` stream event says changed (decision 078): its state, package, amount or agreement;
 * its deliverables; its invoices; the sponsor's own details (profile, logo, legal details, wall consent).
 */
export const SPONSORSHIP_CHANGE_PARTS = ['sponsorship', 'deliverables', 'invoices', 'profile', 'shipments'] as const;
export type SponsorshipChangePart = (typeof SPONSORSHIP_CHANGE_PARTS)[number];
export const ZStreamSponsorshipEvent = z.object({
  sponsorship_id: z.number().int().nullable(),
  /** What changed, so a screen can tell; refetching more than that is harmless. */
  parts: z.array(z.enum(SPONSORSHIP_CHANGE_PARTS)),
});
export type StreamSponsorshipEvent = z.infer<typeof ZStreamSponsorshipEvent>;
/**
 * The stream may have missed something it cannot replay (read marks, sponsorship changes, alerts, or
 * messages past the replay limit): the client refetches what it shows. Sent after the server's bus
 * came back (its missed messages are replayed just before, `complete` when all of them were) and
 * after a resume whose replay reached the limit (decision 095).
 */
export const ZStreamGapEvent = z.object({ complete: z.boolean() });
export type StreamGapEvent = z.infer<typeof ZStreamGapEvent>;
export const STREAM_EVENT_TYPES = ['message', 'read', 'unread', 'ready', 'sponsorship', 'gap'] as const;
export type StreamEventType = (typeof STREAM_EVENT_TYPES)[number];

/** POST /stream/ticket: EventSource cannot send headers, so it connects with a short-lived ticket. */
export const ZStreamTicketResponse = z.object({ ticket: z.string(), expires_at: z.string() });
