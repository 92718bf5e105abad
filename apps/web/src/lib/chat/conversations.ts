/**
 * Conversations, their messages and the unread counters (spec sections 3 and 7), shared by the chat
 * screen, the header badge, the dashboard and the live stream that keeps their caches current. The
 * wire format is snake_case; this is the one place that maps it to the names of spec section 3.
 */
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import {
  MESSAGES_HAS_MORE_HEADER,
  STALE_TIMES,
  ZConversationMessagesResponse,
  ZListConversationsResponse,
  ZUnreadSummary,
  type ConversationSide,
  type ConversationWire,
  type LastMessageWire,
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

/** A conversation's last message as the list knows it: a live message keeps its other fields. */
export type LastMessage = Omit<Message, 'conversationId' | 'senderId' | 'sender'>;

export type Conversation = {
  id: number;
  otherName: string;
  /** The last message, if any; a text from the server is a preview (decision 051). */
  message: LastMessage | null;
  unreadCount: number;
  updatedAt: string;
};

/** One page of a conversation's history, oldest first; `hasOlder` when messages before it exist. */
export type MessagePage = { messages: Message[]; hasOlder: boolean };
/** The loaded pages of a conversation: `pages[0]` is the newest, each further page is older. */
export type MessagePages = InfiniteData<MessagePage>;

export type { UnreadSummary };

function toLastMessage(wire: LastMessageWire): LastMessage {
  return {
    id: wire.id,
    senderSide: wire.sender_side,
    message: wire.message,
    type: wire.type,
    sentAt: wire.sent_at,
    isRead: wire.is_read,
    fromMe: wire.from_me,
  };
}

export function toMessage(wire: MessageWire): Message {
  return {
    ...toLastMessage(wire),
    conversationId: wire.conversation_id,
    senderId: wire.sender_id,
    sender: wire.sender,
  };
}

export function toConversation(wire: ConversationWire): Conversation {
  return {
    id: wire.id,
    otherName: wire.other_name,
    message: wire.message ? toLastMessage(wire.message) : null,
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

/**
 * GET /conversation/{id}: the newest page of messages, or the page before the message `before`,
 * oldest first. Reading marks the other side's messages read.
 */
export async function getConversationMessages(
  auth: ChatAuth,
  conversationId: number,
  options: { before?: number; signal?: AbortSignal } = {},
): Promise<MessagePage> {
  const query = options.before === undefined ? '' : `?before=${options.before}`;
  const { data, headers } = await api.getWithHeaders(`${conversationBasePath(auth)}/${conversationId}${query}`, {
    auth,
    schema: ZConversationMessagesResponse,
    signal: options.signal,
  });
  return { messages: data.map(toMessage), hasOlder: headers.get(MESSAGES_HAS_MORE_HEADER) === 'true' };
}

/** The loaded messages of a conversation, oldest first. */
export function loadedMessages(data: MessagePages | undefined): Message[] {
  return data ? [...data.pages].reverse().flatMap((page) => page.messages) : [];
}

/** `data` with the newest page's messages replaced by `update(messages)`: where new messages go. */
export function withNewestMessages(
  data: MessagePages | undefined,
  update: (messages: Message[]) => Message[],
): MessagePages | undefined {
  const [newest, ...older] = data?.pages ?? [];
  if (!data || !newest) return data;
  return { ...data, pages: [{ ...newest, messages: update(newest.messages) }, ...older] };
}

/** `data` with every loaded message passed through `update`. */
export function withEveryMessage(
  data: MessagePages | undefined,
  update: (message: Message) => Message,
): MessagePages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, messages: page.messages.map(update) })) };
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

/**
 * A conversation's history, loaded a page at a time from the newest back (`fetchNextPage` loads
 * older messages). A refetch reloads the newest page and the older ones after it.
 */
export function conversationMessagesQueryOptions(auth: ChatAuth, conversationId: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.conversations.messages(chatScope(auth), conversationId),
    queryFn: ({ signal, pageParam }) => getConversationMessages(auth, conversationId, { before: pageParam, signal }),
    initialPageParam: undefined as number | undefined,
    // The oldest stored message of the page; temporary copies of messages being sent have negative ids.
    getNextPageParam: (page: MessagePage) => (page.hasOlder ? page.messages.find((m) => m.id > 0)?.id : undefined),
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
