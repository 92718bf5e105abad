export { chatScope, conversationBasePath, isGuest } from './chat-auth';
export type { ChatAuth, GuestCredentials } from './chat-auth';
export {
  conversationMessagesQueryOptions,
  conversationScopeKey,
  conversationsQueryOptions,
  getConversationMessages,
  getUnreadSummary,
  listConversations,
  loadedMessages,
  toConversation,
  toMessage,
  unreadSummaryQueryOptions,
  withEveryMessage,
  withNewestMessages,
} from './conversations';
export type { Conversation, Message, MessagePage, MessagePages, UnreadSummary } from './conversations';
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
