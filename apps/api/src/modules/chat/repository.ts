// Conversations and messages. A conversation is (organisation, sponsor address); the caller's side of
// it follows from who they are (see access.ts). The conversation row keeps its newest message's id and
// the unread messages of each side, written in the same transaction as the messages (decision 007),
// so the list and the unread counts read conversation rows, never the message history. One file per
// job: conversations, writing messages, reading messages, unread counts, e-mail notices.
import type { Engine } from '../../db/column-types.ts';
import type { Db } from '../../db/index.ts';
import { createConversationsRepository } from './conversations-repository.ts';
import { createMessageWriter, type MessageWriterOptions } from './message-writer.ts';
import { createMessagesRepository } from './messages-repository.ts';
import { createNoticesRepository } from './notices-repository.ts';
import { createUnreadRepository } from './unread-repository.ts';

export { otherSide } from './records.ts';
export type { ChatSide, ConversationRecord, ConversationScope, Counts, Membership, MessageRecord } from './records.ts';

export function createChatRepository(db: Db, engine: Engine, writerOptions: MessageWriterOptions = {}) {
  return {
    ...createConversationsRepository(db, engine),
    ...createMessageWriter(db, engine, writerOptions),
    ...createMessagesRepository(db),
    ...createUnreadRepository(db),
    ...createNoticesRepository(db),
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
