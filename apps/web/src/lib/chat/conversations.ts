/**
 * Conversations, their messages and the unread counters (spec sections 3 and 7), shared by the chat
 * screen, the header badge, the dashboard and the live stream that keeps their caches current. The
 * wire format is snake_case; this is the one place that maps it to the names of spec section 3.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  STALE_TIMES,
  ZConversationMessagesResponse,
  ZListConversationsResponse,
  ZUnreadSummary,
  type ConversationSide,
  type ConversationWire,
  type MessageType,
  type MessageWire,
  type UnreadSummary,
} from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { chatScope, conversationBasePath, type ChatAuth } from './chat-auth';

export type Message = {
  /** Negative for a message still being sent (spec section 4). */
  id: number;
  conversationId: number;
  senderId: string | null;
  sender: string;
  senderSide: ConversationSide;
  message: string;
  type: MessageType;
  sentAt: string;
  isRead: boolean;
  fromMe: boolean;
};

export type Conversation = {
  id: number;
  otherName: string;
  /** The last message, if any. */
  message: Message | null;
  unreadCount: number;
  updatedAt: string;
};

export type { UnreadSummary };

export function toMessage(wire: MessageWire): Message {
  return {
    id: wire.id,
    conversationId: wire.conversation_id,
    senderId: wire.sender_id,
    sender: wire.sender,
    senderSide: wire.sender_side,
    message: wire.message,
    type: wire.type,
    sentAt: wire.sent_at,
    isRead: wire.is_read,
    fromMe: wire.from_me,
  };
}

export function toConversation(wire: ConversationWire): Conversation {
  return {
    id: wire.id,
    otherName: wire.other_name,
    message: wire.message ? toMessage(wire.message) : null,
    unreadCount: wire.unread_count,
    updatedAt: wire.updated_at,
  };
}

/** GET /conversation (or /token/conversation): newest activity first. */
export async function listConversations(
  auth: ChatAuth,
  options: { signal?: AbortSignal } = {},
): Promise<Conversation[]> {
  const list = await api.get(conversationBasePath(auth), {
    auth,
    schema: ZListConversationsResponse,
    signal: options.signal,
  });
  return list.map(toConversation);
}

/** GET /conversation/{id}: the messages, oldest first. Reading marks the other side's messages read. */
export async function getConversationMessages(
  auth: ChatAuth,
  conversationId: number,
  options: { signal?: AbortSignal } = {},
): Promise<Message[]> {
  const list = await api.get(`${conversationBasePath(auth)}/${conversationId}`, {
    auth,
    schema: ZConversationMessagesResponse,
    signal: options.signal,
  });
  return list.map(toMessage);
}

/** GET /conversation/unread: the header's and the dashboard's counters. */
export function getUnreadSummary(auth: ChatAuth, options: { signal?: AbortSignal } = {}): Promise<UnreadSummary> {
  return api.get(`${conversationBasePath(auth)}/unread`, { auth, schema: ZUnreadSummary, signal: options.signal });
}

export function conversationsQueryOptions(auth: ChatAuth) {
  return queryOptions({
    queryKey: queryKeys.conversations.list(chatScope(auth)),
    queryFn: ({ signal }) => listConversations(auth, { signal }),
    staleTime: STALE_TIMES.conversations,
  });
}

export function conversationMessagesQueryOptions(auth: ChatAuth, conversationId: number) {
  return queryOptions({
    queryKey: queryKeys.conversations.messages(chatScope(auth), conversationId),
    queryFn: ({ signal }) => getConversationMessages(auth, conversationId, { signal }),
    staleTime: STALE_TIMES.conversations,
  });
}

export function unreadSummaryQueryOptions(auth: ChatAuth) {
  return queryOptions({
    queryKey: queryKeys.conversations.unread(chatScope(auth)),
    queryFn: ({ signal }) => getUnreadSummary(auth, { signal }),
    staleTime: STALE_TIMES.conversations,
  });
}

/** The prefix of every query of one chat identity, for refreshing all of them at once. */
export function conversationScopeKey(auth: ChatAuth) {
  return queryKeys.conversations.scope(chatScope(auth));
}
