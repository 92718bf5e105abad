// Conversations: finding and making them, the scope's list and its version (decision 011) with the
// conversations behind its last revisions (decision 034), and the caller's membership read with
// them in one round trip (decisions 013, 014).
import type { Role } from '@sp/shared';
import { sql } from 'kysely';
import type { Engine } from '../../db/column-types.ts';
import type { Db } from '../../db/index.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import { factsOnly, LIST_TOLD } from '../../db/written-tables.ts';
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
import { listState, type ListState, type ScopeRevision } from './list-changes.ts';

/** A conversation of a list with its newest message (null before the first). */
export type ListedConversation = { conversation: ConversationRecord; last: MessageRecord | null };

/** A scope's revision row as read (none yet: revision 0, no bumps). */
const scopeRevision = (revision: number | null | undefined, recent: unknown): ScopeRevision => ({
  revision: revision ?? 0,
  recent: revision == null ? [] : recent,
});

/** What a scope's reads bind: a guest's pair, a member's organisation and address, an address alone. */
type ScopeShape = 'guest' | 'member' | 'address';

/** The scope as its shape and bind parameters, in the order `inScope` binds them. */
const scopeParams = (scope: ConversationScope): [ScopeShape, unknown[]] =>
  scope.kind === 'guest'
    ? ['guest', [scope.organisationId, scope.emailNormalized]]
    : scope.organisationId === null
      ? ['address', [scope.emailNormalized]]
      : ['member', [scope.organisationId, scope.emailNormalized]];

/** The scope back from its shape and parameters (a prepared read's arguments). */
const scopeFromParams = (shape: ScopeShape, params: readonly unknown[]): ConversationScope => {
  const [first, second] = params as [number | string, string];
  if (shape === 'guest') return { kind: 'guest', organisationId: first as number, emailNormalized: second };
  if (shape === 'member') return { kind: 'user', organisationId: first as number, emailNormalized: second };
  return { kind: 'user', organisationId: null, emailNormalized: first as string };
};

/** The state of a scope's conversation list from the revision rows of the scopes it is made of. */
const listStateOf = (
  scope: ConversationScope,
  address: ScopeRevision,
  organisation: ScopeRevision | undefined,
): ListState =>
  listState(
    address,
    scope.kind === 'user' && scope.organisationId !== null ? (organisation ?? scopeRevision(0, [])) : null,
  );

export function createConversationsRepository(db: Db, engine: Engine) {
  const conversations = () => conversationsOf(db);
  const membership = () => membershipsOf(db);
  const conversationById = preparedRead(db, (id: number) => conversations().where('c.id', '=', id));
  // Run by every chat request's access check (decisions 013, 043): the conversation's facts, which
  // the memo keeps across messages (a message changes the row's activity, not who it is between).
  const conversationFactsById = preparedRead(db, (id: number) => conversationFactsOf(db).where('c.id', '=', id), {
    dependsOn: factsOnly,
  });
  const membershipOf = preparedRead(db, (sub: string) => membership().where('p.cognito_id', '=', sub));
  // A signed-in user's cached reads ask the membership and the cache version in one round trip
  // (decision 014): with the revisions of the two list scopes (the address's, the organisation's),
  // or with the conversation's facts (decision 043).
  // Each argument bound once, in order (joins, not a subquery per column), or preparedRead cannot
  // keep the compiled query: with `addressScope` bound twice it was compiled and, on SQLite, prepared
  // anew on every list read (session 12: the cached list read ran at a third of its rate).
  const membershipAndListRevisionsOf = preparedRead(db, (addressScope: string, sub: string) =>
    membership()
      .leftJoin('chat_list_revisions as ra', (join) => join.on('ra.scope', '=', addressScope))
      .leftJoin('chat_list_revisions as ro', (join) =>
        join.on('ro.scope', '=', sql<string>`'o:' || ${sql.ref('p.organisation_id')}`),
      )
      .select([
        'ra.revision as address_revision',
        'ra.recent as address_recent',
        'ro.revision as organisation_revision',
        'ro.recent as organisation_recent',
      ])
      .where('p.cognito_id', '=', sub),
  );
  const conversationAndMembershipOf = preparedRead(
    db,
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
    { dependsOn: factsOnly },
  );

  /**
   * The state of the scope's conversation list: the revisions of the list scopes it is made of,
   * which triggers move forward on every change of their conversations and of the organisations'
   * names (migration 0013), with the conversations of their last bumps (migration 0027, decision
   * 034). A guest's one conversation is in its address's scope.
   */
  const listStateFor = async (scope: ConversationScope): Promise<ListState> => {
    const address = `s:${scope.emailNormalized}`;
    const organisation = scope.kind === 'user' && scope.organisationId !== null ? `o:${scope.organisationId}` : null;
    const rows = await db
      .selectFrom('chat_list_revisions')
      .select(['scope', 'revision', 'recent'])
      .where('scope', 'in', organisation === null ? [address] : [address, organisation])
      .execute();
    const of = (key: string | null) => {
      const row = rows.find((r) => r.scope === key);
      return scopeRevision(row?.revision, row?.recent);
    };
    return listStateOf(scope, of(address), of(organisation));
  };

  // The list's reads as named statements (decision 052): one per shape of scope, with and without
  // ids. Unnamed, PostgreSQL parsed and planned the list again on every read after a post, about
  // 0.6 of its 1.1 ms. The scope's values and the ids are the bind parameters, in that order.
  // 'any': the ids alone, whoever's list they are for (the moved conversations shared by every
  // list, decision 058; their scope is checked by conversationInScope).
  const listedQuery = (shape: ScopeShape | 'any', byIds: boolean, params: readonly unknown[]) => {
    let query = conversations()
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
      .$if(shape !== 'any', (q) => q.where((eb) => inScope(eb, scopeFromParams(shape as ScopeShape, params))));
    // The ids as one bind parameter, so the SQL text is the same for any number of them (SQLite's
    // prepared statements are kept by text): an integer[] on PostgreSQL, a JSON array on SQLite.
    if (byIds) {
      const ids = params.at(-1);
      query = query.where(({ ref }) =>
        engine === 'postgres'
          ? sql<boolean>`${ref('c.id')} = any(cast(${ids} as integer[]))`
          : sql<boolean>`${ref('c.id')} in (select value from json_each(${ids}))`,
      );
    }
    return query.orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc');
  };
  type ListedRead = (...params: unknown[]) => ReturnType<ReturnType<typeof listedQuery>['execute']>;
  const listedReads = new Map<string, ListedRead>();
  const listedRead = (shape: ScopeShape | 'any', byIds: boolean) => {
    const key = `${shape}:${byIds}`;
    let read = listedReads.get(key);
    if (!read) {
      // Not in the read memo: a list's rows are kept by the list memory (bounded by bytes), and the
      // memo, bounded by its number of answers, would keep whole lists of every user besides.
      read = preparedRead(db, (...params: unknown[]) => listedQuery(shape, byIds, params), { memo: false });
      listedReads.set(key, read);
    }
    return read;
  };

  /**
   * The scope's conversations with their newest message, newest activity first; only `ids` when
   * given; with no scope, the conversations `ids` whoever's they are.
   */
  const listed = async (scope: ConversationScope | null, ids?: readonly number[]): Promise<ListedConversation[]> => {
    const [shape, params] = scope === null ? (['any', []] as const) : scopeParams(scope);
    const idsParam = () => (engine === 'postgres' ? [...ids!] : JSON.stringify(ids));
    const rows = ids ? await listedRead(shape, true)(...params, idsParam()) : await listedRead(shape, false)(...params);
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
        // Told: the chat service moves the list clock when a conversation was made (decision 053).
        .modifyEnd(sql.raw(LIST_TOLD))
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

    /** The same for the conversations `ids` of the scope (a cached list brought up to date, decision 034). */
    listConversationsByIds: (scope: ConversationScope, ids: readonly number[]) =>
      ids.length === 0 ? Promise.resolve([]) : listed(scope, ids),

    /**
     * The conversations `ids` as a list shows them, in no one's scope: the caller filters them by
     * conversationInScope (records.ts). For the moved conversations shared by lists (decision 058).
     */
    listedConversationsByIds: (ids: readonly number[]) => (ids.length === 0 ? Promise.resolve([]) : listed(null, ids)),

    listState: listStateFor,

    /**
     * The user's membership and the state of their conversation list (listState of the scope they
     * make with `emailNormalized`) read together; a user without a profile has only the
     * address's scope, read on its own.
     */
    async findMembershipAndListState(
      sub: string,
      emailNormalized: string,
    ): Promise<{ membership: Membership | undefined; list: ListState }> {
      const [row] = await membershipAndListRevisionsOf(`s:${emailNormalized}`, sub);
      if (!row) {
        return {
          membership: undefined,
          list: await listStateFor({ kind: 'user', organisationId: null, emailNormalized }),
        };
      }
      const scope: ConversationScope = { kind: 'user', organisationId: row.organisation_id, emailNormalized };
      return {
        membership: toMembership(row),
        list: listStateOf(
          scope,
          scopeRevision(row.address_revision, row.address_recent),
          scopeRevision(row.organisation_revision, row.organisation_recent),
        ),
      };
    },

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
