// Conversations: finding and making them, the scope's list (one statement), and the caller's
// membership read with a conversation in one round trip (decision 014). The hot reads are kept by the
// read cache under the tables they declare (decision 094).
import type { Role } from '@sp/shared';

import type { Engine } from '../../db/column-types.ts';
import type { Db } from '../../db/index.ts';
import { cachedRead } from '../../read-cache/index.ts';
import { toDbTime } from '../../db/values.ts';
import {
  conversationFactsOf,
  conversationsOf,
  inScope,
  membershipsOf,
  toConversation,
  toConversationFacts,
  toMembership,
  toMessage,
  type ConversationFacts,
  type ConversationRecord,
  type ConversationScope,
  type Membership,
  type MessageRecord,
} from './records.ts';

/** A conversation of a list with its newest message (null before the first). */
export type ListedConversation = { conversation: ConversationRecord; last: MessageRecord | null };

/** What a conversation's row as read here is made from (records.ts), for the read cache. */
const CONVERSATION_READS = ['conversations', 'organisations', 'sponsor_profiles', 'sponsor_legal_details'];
/** What a membership as read here is made from. */
const MEMBERSHIP_READS = ['user_profiles', 'organisations'];

export function createConversationsRepository(db: Db, _engine: Engine) {
  const conversations = () => conversationsOf(db);
  const membership = () => membershipsOf(db);
  const conversationById = cachedRead(db, CONVERSATION_READS, (id: number) => conversations().where('c.id', '=', id));
  // Run by every chat request's access check (decision 013).
  const conversationFactsById = cachedRead(db, CONVERSATION_READS, (id: number) =>
    conversationFactsOf(db).where('c.id', '=', id),
  );
  const membershipOf = cachedRead(db, MEMBERSHIP_READS, (sub: string) => membership().where('p.cognito_id', '=', sub));
  const conversationAndMembershipOf = cachedRead(
    db,
    [...CONVERSATION_READS, ...MEMBERSHIP_READS],
    (sub: string, id: number) =>
      conversationFactsOf(db)
        .leftJoin('user_profiles as p', (join) => join.on('p.cognito_id', '=', sub))
        .leftJoin('organisations as po', 'po.id', 'p.organisation_id')
        .select([
          'p.cognito_id as member_sub',
          'p.organisation_id as member_organisation_id',
          'po.name as member_organisation_name',
          'p.role as member_role',
        ])
        .where('c.id', '=', id),
  );

  /** The scope's conversations with their newest message, newest activity first (one statement). */
  const listed = async (scope: ConversationScope): Promise<ListedConversation[]> => {
    const rows = await conversations()
      .leftJoin('messages as m', 'm.id', 'c.last_message_id')
      .select([
        'm.id as m_id',
        'm.conversation_id as m_conversation_id',
        'm.sender_side as m_sender_side',
        'm.sender_id as m_sender_id',
        'm.sender_name as m_sender_name',
        'm.body as m_body',
        'm.type as m_type',
        'm.sent_at as m_sent_at',
        'm.read_at as m_read_at',
      ])
      .where((eb) => inScope(eb, scope))
      .orderBy('c.updated_at', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
    return rows.map((row) => ({
      conversation: toConversation(row),
      last:
        row.m_id === null
          ? null
          : toMessage({
              id: row.m_id,
              conversation_id: row.m_conversation_id!,
              sender_side: row.m_sender_side!,
              sender_id: row.m_sender_id,
              sender_name: row.m_sender_name!,
              body: row.m_body!,
              type: row.m_type!,
              sent_at: row.m_sent_at!,
              read_at: row.m_read_at,
            }),
    }));
  };

  return {
    async findConversation(id: number): Promise<ConversationRecord | undefined> {
      const [row] = await conversationById(id);
      return row && toConversation(row);
    },

    /** Who the conversation is between (the access check's read). */
    async findConversationFacts(id: number): Promise<ConversationFacts | undefined> {
      const [row] = await conversationFactsById(id);
      return row && toConversationFacts(row);
    },

    /** The conversation of the pair, made on first use (two racing callers get the same row). */
    async findOrCreateConversation(
      organisationId: number,
      sponsorEmail: string,
      sponsorEmailNormalized: string,
      now: Date,
    ): Promise<ConversationRecord & { created: boolean }> {
      const inserted = await db
        .insertInto('conversations')
        .values({
          organisation_id: organisationId,
          sponsor_email: sponsorEmail,
          sponsor_email_normalized: sponsorEmailNormalized,
          created_at: toDbTime(now),
          updated_at: toDbTime(now),
          organisation_notified_at: null,
          sponsor_notified_at: null,
        })
        .onConflict((oc) => oc.columns(['organisation_id', 'sponsor_email_normalized']).doNothing())
        .returning('id')
        .executeTakeFirst();
      const row = await conversations()
        .where('c.organisation_id', '=', organisationId)
        .where('c.sponsor_email_normalized', '=', sponsorEmailNormalized)
        .executeTakeFirstOrThrow();
      return { ...toConversation(row), created: inserted !== undefined };
    },

    /**
     * Conversations the scope sees, newest activity first, each with its newest message: one
     * statement (the list is read again after every post in its scope; it was three, decision 032).
     */
    listConversations: (scope: ConversationScope) => listed(scope),

    /**
     * The conversation and the membership of the user `sub` (undefined without a profile) read
     * together; undefined when there is no such conversation.
     */
    async findConversationAndMembership(
      sub: string,
      id: number,
    ): Promise<
      | {
          conversation: ConversationFacts;
          membership: Pick<Membership, 'organisationId' | 'organisationName' | 'role'> | undefined;
        }
      | undefined
    > {
      const [row] = await conversationAndMembershipOf(sub, id);
      if (!row) return undefined;
      return {
        conversation: toConversationFacts(row),
        membership:
          row.member_sub === null
            ? undefined
            : {
                organisationId: row.member_organisation_id,
                organisationName: row.member_organisation_name,
                role: row.member_role as Role | null,
              },
      };
    },

    async findMembership(sub: string): Promise<Membership | undefined> {
      const [row] = await membershipOf(sub);
      return row && toMembership(row);
    },
  };
}
