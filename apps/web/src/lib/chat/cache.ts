/**
 * Applies chat changes that arrive without being asked for (live stream events, a send's answer)
 * to the query caches, so that every screen showing a conversation, the list or a counter stays
 * current without refetching. A message is never shown twice: ids are unique, and a message of
 * our own replaces the temporary copy (negative id) that the optimistic send put there.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { MessageWire, UnreadSummary } from '@sp/shared';
import type { ChatAuth } from './chat-auth';
import {
  conversationMessagesQueryOptions,
  conversationsQueryOptions,
  toMessage,
  unreadSummaryQueryOptions,
  withEveryMessage,
  withNewestMessages,
  type Conversation,
  type Message,
} from './conversations';

export type ReadEvent = { conversation_id: number; reader_side: Message['senderSide']; up_to_id: number };

/** Sent messages in id order, then the ones still being sent in the order they were written. */
function ordered(messages: Message[]): Message[] {
  const sent = messages.filter((m) => m.id >= 0).sort((a, b) => a.id - b.id);
  const sending = messages.filter((m) => m.id < 0);
  return [...sent, ...sending];
}

/**
 * `message` added to `messages` unless it is there already. Our own message takes the place of the
 * temporary copy with `tempId`, or else of the first temporary copy with the same text.
 */
export function mergeMessage(messages: Message[], message: Message, tempId?: number): Message[] {
  let rest = messages;
  if (tempId !== undefined) {
    rest = rest.filter((m) => m.id !== tempId);
  } else if (message.fromMe && message.id >= 0) {
    const temp = rest.find((m) => m.id < 0 && m.message === message.message);
    if (temp) rest = rest.filter((m) => m !== temp);
  }
  if (rest.some((m) => m.id === message.id)) return rest;
  return ordered([...rest, message]);
}

function isObserved(queryClient: QueryClient, queryKey: readonly unknown[]): boolean {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  return (query?.getObserversCount() ?? 0) > 0;
}

/** The list with `message` as its conversation's last message, that conversation first. */
export function withLastMessage(
  conversations: Conversation[],
  message: Message,
  { countUnread }: { countUnread: boolean },
): Conversation[] | null {
  const current = conversations.find((c) => c.id === message.conversationId);
  if (!current) return null;
  if (current.message && current.message.id >= message.id) return conversations;
  const unread = countUnread && !message.fromMe && message.senderSide !== 'system';
  const updated: Conversation = {
    ...current,
    message,
    updatedAt: message.sentAt,
    unreadCount: unread ? current.unreadCount + 1 : current.unreadCount,
  };
  return [updated, ...conversations.filter((c) => c.id !== current.id)];
}

/** A `message` event of the live stream. */
export function applyIncomingMessage(queryClient: QueryClient, auth: ChatAuth, wire: MessageWire): void {
  const message = toMessage(wire);
  const messagesKey = conversationMessagesQueryOptions(auth, message.conversationId).queryKey;
  const open = isObserved(queryClient, messagesKey);
  queryClient.setQueryData(messagesKey, (old) =>
    withNewestMessages(old, (messages) => mergeMessage(messages, message)),
  );
  if (open && !message.fromMe) {
    // Reading the conversation again is what marks the new message read on the server.
    void queryClient.invalidateQueries({ queryKey: messagesKey, exact: true });
  }

  const listKey = conversationsQueryOptions(auth).queryKey;
  const list = queryClient.getQueryData<Conversation[]>(listKey);
  if (!list) return;
  const next = withLastMessage(list, message, { countUnread: !open });
  if (next) queryClient.setQueryData(listKey, next);
  else void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
}

/** A `read` event: the reader's side has read the other side's messages up to `up_to_id`. */
export function applyReadEvent(queryClient: QueryClient, auth: ChatAuth, event: ReadEvent): void {
  const messagesKey = conversationMessagesQueryOptions(auth, event.conversation_id).queryKey;
  queryClient.setQueryData(messagesKey, (old) =>
    withEveryMessage(old, (m) =>
      m.id >= 0 && m.id <= event.up_to_id && !m.isRead && m.senderSide !== event.reader_side
        ? { ...m, isRead: true }
        : m,
    ),
  );
  // The list's unread counts depend on which side read; the server knows, so ask it.
  void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions(auth).queryKey, exact: true });
}

/** An `unread` event: the counters of the header and the dashboard. */
export function applyUnreadSummary(queryClient: QueryClient, auth: ChatAuth, summary: UnreadSummary): void {
  queryClient.setQueryData(unreadSummaryQueryOptions(auth).queryKey, summary);
}

/**
 * After the conversation was read (GET /conversation/{id} marks it read on the server): its unread
 * badge and the counters drop at once, before the server's own `unread` event confirms it.
 */
export function markConversationRead(queryClient: QueryClient, auth: ChatAuth, conversationId: number): void {
  const listKey = conversationsQueryOptions(auth).queryKey;
  const conversation = queryClient.getQueryData(listKey)?.find((c) => c.id === conversationId);
  if (!conversation || conversation.unreadCount === 0) return;
  queryClient.setQueryData(listKey, (old) =>
    old?.map((c) =>
      c.id === conversationId
        ? { ...c, unreadCount: 0, message: c.message && !c.message.fromMe ? { ...c.message, isRead: true } : c.message }
        : c,
    ),
  );
  queryClient.setQueryData(unreadSummaryQueryOptions(auth).queryKey, (old) =>
    old
      ? {
          ...old,
          unread_messages: Math.max(0, old.unread_messages - conversation.unreadCount),
          unread_conversations: Math.max(0, old.unread_conversations - 1),
        }
      : old,
  );
}
