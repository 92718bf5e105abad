export { chatScope, conversationBasePath, isGuest } from './chat-auth';
export type { ChatAuth, GuestCredentials } from './chat-auth';
export {
  conversationMessagesQueryOptions,
  conversationScopeKey,
  conversationsQueryOptions,
  getConversationMessages,
  getUnreadSummary,
  listConversations,
  toConversation,
  toMessage,
  unreadSummaryQueryOptions,
} from './conversations';
export type { Conversation, Message, UnreadSummary } from './conversations';
export {
  applyIncomingMessage,
  applyReadEvent,
  applyUnreadSummary,
  markConversationRead,
  mergeMessage,
  withLastMessage,
} from './cache';
export type { ReadEvent } from './cache';
export { useUnreadSummary } from './unread';
