export { conversationBasePath, isGuest } from './chat-auth';
export type { ChatAuth } from './chat-auth';
export {
  conversationMessagesQueryOptions,
  conversationScopeKey,
  conversationsQueryOptions,
  loadedMessages,
  toConversation,
  toMessage,
  unreadSummaryQueryOptions,
  withNewestMessages,
} from './conversations';
export type { Conversation, Message, MessagePages } from './conversations';
export { applyIncomingMessage, applyReadEvent, applyUnreadSummary, markConversationRead, mergeMessage } from './cache';
export { useUnreadSummary } from './unread';
