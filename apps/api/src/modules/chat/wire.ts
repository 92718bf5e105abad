// Records to wire objects (snake_case, packages/shared/src/schemas/chat.ts).
import type { MessageWire, UnreadSummary } from '@sp/shared';
import type { ChatSide, Counts, MessageRecord } from './repository.ts';

export function toMessageWire(message: MessageRecord, viewerSide: ChatSide): MessageWire {
  return {
    id: message.id,
    conversation_id: message.conversationId,
    sender_id: message.senderId,
    sender: message.senderName,
    sender_side: message.senderSide,
    message: message.body,
    type: message.type,
    sent_at: message.sentAt.toISOString(),
    is_read: message.readAt !== null,
    from_me: message.senderSide === viewerSide,
  };
}

export const toUnreadWire = (...parts: Counts[]): UnreadSummary => ({
  unread_messages: parts.reduce((sum, part) => sum + part.messages, 0),
  unread_conversations: parts.reduce((sum, part) => sum + part.conversations, 0),
  unanswered_conversations: parts.reduce((sum, part) => sum + part.unanswered, 0),
});
