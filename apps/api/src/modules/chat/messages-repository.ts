// Reading messages: pages of a conversation, the newest of each, one by id, the stream's resume,
// and marking the other side's messages read (with the conversation's unread counter).
import type { MessagesPage } from '@sp/shared';

import type { Db } from '../../db/index.ts';
import { fromDbCount, toDbTime } from '../../db/values.ts';
import {
  messageColumns,
  otherSide,
  toMessage,
  unreadColumn,
  type ChatSide,
  type ConversationScope,
  type MessageRecord,
} from './records.ts';

export function createMessagesRepository(db: Db) {
  return {
    /** The newest message of each conversation. */
    async lastMessages(conversationIds: number[]): Promise<Map<number, MessageRecord>> {
      if (conversationIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('conversations as c')
        .innerJoin('messages as m', 'm.id', 'c.last_message_id')
        .select(messageColumns)
        .where('c.id', 'in', conversationIds)
        .execute();
      return new Map(rows.map((row) => [row.conversation_id, toMessage(row)]));
    },

    /**
     * One page of a conversation, oldest first: the newest `limit` messages (older than `before`
     * when given), and whether older ones exist. Reads one row more than the page to know that.
     */
    async listMessages(
      conversationId: number,
      page: MessagesPage,
    ): Promise<{ messages: MessageRecord[]; hasMore: boolean }> {
      let query = db.selectFrom('messages as m').select(messageColumns).where('m.conversation_id', '=', conversationId);
      if (page.before !== undefined) query = query.where('m.id', '<', page.before);
      const rows = await query
        .orderBy('m.id', 'desc')
        .limit(page.limit + 1)
        .execute();
      const hasMore = rows.length > page.limit;
      const messages = rows.slice(0, page.limit).reverse().map(toMessage);
      return { messages, hasMore };
    },

    async findMessage(id: number): Promise<MessageRecord | undefined> {
      const row = await db.selectFrom('messages as m').select(messageColumns).where('m.id', '=', id).executeTakeFirst();
      return row && toMessage(row);
    },

    /** Marks the other side's unread messages read; answers the highest id marked, or null for none. */
    async markRead(conversationId: number, readerSide: ChatSide, now: Date): Promise<number | null> {
      const senderSide = otherSide(readerSide);
      // Nothing to mark (the usual case) stays a read: no write transaction, no sync.
      const unread = await db
        .selectFrom('conversations')
        .select(unreadColumn(senderSide))
        .where('id', '=', conversationId)
        .executeTakeFirst();
      if (!unread || fromDbCount(unread[unreadColumn(senderSide)]) === 0) return null;
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .updateTable('messages')
          .set({ read_at: toDbTime(now) })
          .where('conversation_id', '=', conversationId)
          .where('sender_side', '=', senderSide)
          .where('read_at', 'is', null)
          .returning('id')
          .execute();
        if (rows.length === 0) return null;
        // Less by exactly the rows this statement marked, so a concurrent insert's +1 is never lost.
        const column = unreadColumn(senderSide);
        await trx
          .updateTable('conversations')
          .set((eb) => ({ [column]: eb(column, '-', rows.length) }))
          .where('id', '=', conversationId)
          .execute();
        return Math.max(...rows.map((r) => r.id));
      });
    },

    /** The newest stored message id (0 for none): where a stream opened without a cursor starts. */
    async newestMessageId(): Promise<number> {
      const row = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    /** Messages after `afterId` in the scope's conversations, oldest first (stream resume). */
    async messagesAfter(
      scope: ConversationScope,
      afterId: number,
      limit: number,
    ): Promise<(MessageRecord & { organisationId: number; sponsorEmailNormalized: string })[]> {
      let query = db
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .select([...messageColumns, 'c.organisation_id', 'c.sponsor_email_normalized'])
        .where('m.id', '>', afterId);
      if (scope.kind === 'guest') {
        query = query
          .where('c.organisation_id', '=', scope.organisationId)
          .where('c.sponsor_email_normalized', '=', scope.emailNormalized);
      } else {
        const orgId = scope.organisationId;
        query = query.where((eb) =>
          orgId === null
            ? eb('c.sponsor_email_normalized', '=', scope.emailNormalized)
            : eb.or([
                eb('c.organisation_id', '=', orgId),
                eb('c.sponsor_email_normalized', '=', scope.emailNormalized),
              ]),
        );
      }
      const rows = await query.orderBy('m.id', 'asc').limit(limit).execute();
      return rows.map((row) => ({
        ...toMessage(row),
        organisationId: row.organisation_id,
        sponsorEmailNormalized: row.sponsor_email_normalized,
      }));
    },
  };
}
