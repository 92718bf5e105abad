// Records to wire objects (snake_case, packages/shared/src/schemas/chat.ts).
import {
  LAST_MESSAGE_PREVIEW_MAX,
  type ConversationWire,
  type LastMessageWire,
  type MessageWire,
  type UnreadSummary,
} from '@sp/shared';
import { otherSide, type ChatSide, type ConversationRecord, type Counts, type MessageRecord } from './repository.ts';

/** The fields a message and the list's last message share; `text` is the body or its preview. */
function sharedFields(message: MessageRecord, viewerSide: ChatSide, text: string): LastMessageWire {
  return {
    id: message.id,
    sender_side: message.senderSide,
    message: text,
    type: message.type,
    sent_at: message.sentAt.toISOString(),
    is_read: message.readAt !== null,
    from_me: message.senderSide === viewerSide,
  };
}

export function toMessageWire(message: MessageRecord, viewerSide: ChatSide): MessageWire {
  return {
    conversation_id: message.conversationId,
    sender_id: message.senderId,
    sender: message.senderName,
    ...sharedFields(message, viewerSide, message.body),
  };
}

/** A text cut to the list's preview length, never between the two halves of a surrogate pair. */
export function previewOf(text: string, max = LAST_MESSAGE_PREVIEW_MAX): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end).trimEnd()}…`;
}

/**
 * The conversation list's last message (decision 051): no conversation id (the row has it), no
 * author id or name (the list shows neither), a text as a preview. A notification keeps its body:
 * it is the notice's key and parameters, which the app translates.
 */
export function toLastMessageWire(message: MessageRecord, viewerSide: ChatSide): LastMessageWire {
  return sharedFields(message, viewerSide, message.type === 'text' ? previewOf(message.body) : message.body);
}

export const toUnreadWire = (...parts: Counts[]): UnreadSummary => ({
  unread_messages: parts.reduce((sum, part) => sum + part.messages, 0),
  unread_conversations: parts.reduce((sum, part) => sum + part.conversations, 0),
  unanswered_conversations: parts.reduce((sum, part) => sum + part.unanswered, 0),
});

/** A conversation as `side` sees it, with its newest message; unread: the other side's messages. */
export function toConversationWire(
  conversation: ConversationRecord,
  side: ChatSide,
  last: MessageRecord | null | undefined,
): ConversationWire {
  return {
    id: conversation.id,
    other_name:
      side === 'organisation' ? (conversation.sponsorName ?? conversation.sponsorEmail) : conversation.organisationName,
    message: last ? toLastMessageWire(last, side) : null,
    unread_count:
      otherSide(side) === 'organisation' ? conversation.unreadFromOrganisation : conversation.unreadFromSponsor,
    updated_at: conversation.updatedAt.toISOString(),
  };
}
