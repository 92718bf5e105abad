// What the chat's repositories share: the records they answer, the conversation and membership
// selects with their row mappings, and the unread counter column of each side.
import type { Role } from '@sp/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ConversationsTable, Database, DbBool, MessageKind, MessageSenderSide } from '../../db/schema.ts';
import { fromDbBool, fromDbTime, fromDbTimeOrNull } from '../../db/values.ts';

export type ChatSide = 'organisation' | 'sponsor';

export type ConversationRecord = {
  id: number;
  organisationId: number;
  organisationName: string;
  sponsorEmail: string;
  sponsorEmailNormalized: string;
  /**
   * The sponsor's organisation as it names itself: the sponsor profile's public name, else the
   * billing details' legal name; null before either (the list then shows the address). Their
   * changes move the organisation's list (migration 0046, decision 091).
   */
  sponsorName: string | null;
  updatedAt: Date;
  /** The newest message's id and each side's unread messages: together, the messages' version. */
  lastMessageId: number | null;
  unreadFromOrganisation: number;
  unreadFromSponsor: number;
};

/**
 * Who a conversation is between: fixed once it exists (a conversation goes only with its
 * organisation), unlike its activity above. Read for the access checks, kept across messages (decision 043).
 */
export type ConversationFacts = Pick<
  ConversationRecord,
  'id' | 'organisationId' | 'organisationName' | 'sponsorEmail' | 'sponsorEmailNormalized'
>;

export type MessageRecord = {
  id: number;
  conversationId: number;
  senderSide: MessageSenderSide;
  senderId: string | null;
  senderName: string;
  body: string;
  type: MessageKind;
  sentAt: Date;
  readAt: Date | null;
};

/** Whose conversations: a user's organisation (may be null) and address, or a guest's one conversation. */
export type ConversationScope =
  | { kind: 'user'; organisationId: number | null; emailNormalized: string }
  | { kind: 'guest'; organisationId: number; emailNormalized: string };

export type Membership = {
  sub: string;
  email: string;
  organisationId: number | null;
  organisationName: string | null;
  role: Role | null;
  onboardingCompleted: boolean;
};

/** Unread messages and conversations holding some; conversations waiting for the reader's answer. */
export type Counts = { messages: number; conversations: number; unanswered: number };

export const messageColumns = [
  'm.id',
  'm.conversation_id',
  'm.sender_side',
  'm.sender_id',
  'm.sender_name',
  'm.body',
  'm.type',
  'm.sent_at',
  'm.read_at',
] as const;

type MessageRow = {
  id: number;
  conversation_id: number;
  sender_side: MessageSenderSide;
  sender_id: string | null;
  sender_name: string;
  body: string;
  type: MessageKind;
  sent_at: string | Date;
  read_at: string | Date | null;
};

export const toMessage = (row: MessageRow): MessageRecord => ({
  id: row.id,
  conversationId: row.conversation_id,
  senderSide: row.sender_side,
  senderId: row.sender_id,
  senderName: row.sender_name,
  body: row.body,
  type: row.type,
  sentAt: fromDbTime(row.sent_at),
  readAt: fromDbTimeOrNull(row.read_at),
});

export const unreadColumn = (senderSide: ChatSide) =>
  senderSide === 'organisation' ? 'unread_from_organisation' : 'unread_from_sponsor';

/** The side whose messages the reader of `side` reads. */
export const otherSide = (side: ChatSide): ChatSide => (side === 'organisation' ? 'sponsor' : 'organisation');

/** The facts of conversations: no column a message changes, so their reads can depend on `conversation_facts`. */
export const conversationFactsOf = (db: Db) =>
  db
    .selectFrom('conversations as c')
    .innerJoin('organisations as o', 'o.id', 'c.organisation_id')
    .select([
      'c.id',
      'c.organisation_id',
      'o.name as organisation_name',
      'c.sponsor_email',
      'c.sponsor_email_normalized',
    ]);

/** Conversations with their activity: the facts, the sponsor's own name, then what the messages change. */
export const conversationsOf = (db: Db) =>
  conversationFactsOf(db)
    .leftJoin('sponsor_profiles as sp', 'sp.email_normalized', 'c.sponsor_email_normalized')
    .leftJoin('sponsor_legal_details as sl', 'sl.email_normalized', 'c.sponsor_email_normalized')
    // Literals, not bind parameters: a cached read binds exactly its arguments (read-cache/index.ts).
    .select(
      sql<string | null>`coalesce(nullif(trim(sp.public_name), ''), nullif(trim(sl.legal_name), ''))`.as(
        'sponsor_name',
      ),
    )
    .select(['c.updated_at', 'c.last_message_id', 'c.unread_from_organisation', 'c.unread_from_sponsor']);

export const toConversationFacts = (row: {
  id: number;
  organisation_id: number;
  organisation_name: string;
  sponsor_email: string;
  sponsor_email_normalized: string;
}): ConversationFacts => ({
  id: row.id,
  organisationId: row.organisation_id,
  organisationName: row.organisation_name,
  sponsorEmail: row.sponsor_email,
  sponsorEmailNormalized: row.sponsor_email_normalized,
});

export const membershipsOf = (db: Db) =>
  db
    .selectFrom('user_profiles as p')
    .leftJoin('organisations as o', 'o.id', 'p.organisation_id')
    .select(['p.cognito_id', 'p.email', 'p.organisation_id', 'o.name', 'p.role', 'p.onboarding_completed']);

export const toConversation = (row: {
  id: number;
  organisation_id: number;
  organisation_name: string;
  sponsor_email: string;
  sponsor_email_normalized: string;
  sponsor_name: string | null;
  updated_at: string | Date;
  last_message_id: number | null;
  unread_from_organisation: number;
  unread_from_sponsor: number;
}): ConversationRecord => ({
  id: row.id,
  organisationId: row.organisation_id,
  organisationName: row.organisation_name,
  sponsorEmail: row.sponsor_email,
  sponsorEmailNormalized: row.sponsor_email_normalized,
  sponsorName: row.sponsor_name,
  updatedAt: fromDbTime(row.updated_at),
  lastMessageId: row.last_message_id,
  unreadFromOrganisation: row.unread_from_organisation,
  unreadFromSponsor: row.unread_from_sponsor,
});

export const toMembership = (row: {
  cognito_id: string;
  email: string;
  organisation_id: number | null;
  name: string | null;
  role: string | null;
  onboarding_completed: DbBool;
}): Membership => ({
  sub: row.cognito_id,
  email: row.email,
  organisationId: row.organisation_id,
  organisationName: row.name,
  role: row.role as Role | null,
  onboardingCompleted: fromDbBool(row.onboarding_completed),
});

/** The scope's conversations: a guest's one pair, or a user's organisation's and address's. */
export const inScope = (eb: ExpressionBuilder<Database & { c: ConversationsTable }, 'c'>, scope: ConversationScope) => {
  if (scope.kind === 'guest') {
    return eb.and([
      eb('c.organisation_id', '=', scope.organisationId),
      eb('c.sponsor_email_normalized', '=', scope.emailNormalized),
    ]);
  }
  return scope.organisationId === null
    ? eb('c.sponsor_email_normalized', '=', scope.emailNormalized)
    : eb.or([
        eb('c.organisation_id', '=', scope.organisationId),
        eb('c.sponsor_email_normalized', '=', scope.emailNormalized),
      ]);
};
