/**
 * POST /conversation/{id}/message (guests: /token/conversation/{id}/message), sent optimistically as
 * spec section 4 says: a temporary message with a negative id appears at once, is taken out again
 * if sending fails, and the conversation list is refetched when the send has settled.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSendMessageResponse } from '@sp/shared';
import { api } from '@/lib/api-client';
import {
  conversationBasePath,
  conversationMessagesQueryOptions,
  conversationsQueryOptions,
  mergeMessage,
  toMessage,
  withNewestMessages,
  type ChatAuth,
  type Message,
} from '@/lib/chat';

export async function sendMessage(auth: ChatAuth, conversationId: number, message: string): Promise<Message> {
  const sent = await api.post(
    `${conversationBasePath(auth)}/${conversationId}/message`,
    { message, type: 'text' },
    { auth, schema: ZSendMessageResponse },
  );
  return toMessage(sent);
}

let lastTemporaryId = 0;
/** Negative and unique within the page, so it can never clash with a stored message. */
function nextTemporaryId(): number {
  lastTemporaryId -= 1;
  return lastTemporaryId;
}

/** `author` is how the temporary message is labelled until the server's copy replaces it. */
export function useSendMessage(
  auth: ChatAuth,
  conversationId: number,
  author: { sender: string; side: Message['senderSide'] },
) {
  const queryClient = useQueryClient();
  const messagesKey = conversationMessagesQueryOptions(auth, conversationId).queryKey;
  return useMutation({
    mutationFn: (text: string) => sendMessage(auth, conversationId, text),
    onMutate: async (text) => {
      // Before the first page has arrived there is nowhere to show the message: the first fetch
      // goes on, and the conversation is read again once the send has settled.
      const shown = queryClient.getQueryData(messagesKey) !== undefined;
      // A refetch landing after this would drop the temporary message again.
      if (shown) await queryClient.cancelQueries({ queryKey: messagesKey, exact: true });
      const temporary: Message = {
        id: nextTemporaryId(),
        conversationId,
        senderId: null,
        sender: author.sender,
        senderSide: author.side,
        message: text,
        type: 'text',
        sentAt: new Date().toISOString(),
        isRead: false,
        fromMe: true,
      };
      queryClient.setQueryData(messagesKey, (old) => withNewestMessages(old, (messages) => [...messages, temporary]));
      return { temporaryId: temporary.id, shown };
    },
    onSuccess: (sent, _text, context) => {
      queryClient.setQueryData(messagesKey, (old) =>
        withNewestMessages(old, (messages) => mergeMessage(messages, sent, context.temporaryId)),
      );
    },
    onError: (_error, _text, context) => {
      if (!context) return;
      queryClient.setQueryData(messagesKey, (old) =>
        withNewestMessages(old, (messages) => messages.filter((m) => m.id !== context.temporaryId)),
      );
    },
    onSettled: async (_sent, _error, _text, context) => {
      if (context && !context.shown) await queryClient.invalidateQueries({ queryKey: messagesKey, exact: true });
      await queryClient.invalidateQueries({ queryKey: conversationsQueryOptions(auth).queryKey });
    },
  });
}
