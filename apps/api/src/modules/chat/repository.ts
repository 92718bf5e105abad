// Conversations and messages. A conversation is (organisation, sponsor address); the caller's side of
// it follows from who they are (see access.ts). The conversation row keeps its newest message's id and
// the unread messages of each side, written in the same transaction as the messages (decision 007),
// so the list and the unread counts read conversation rows, never the message history. Messages are
// inserted in group commits: the inserts that arrive together share one transaction and one sync.
import type { MessagesPage, Role } from '@sp/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Engine } from '../../db/column-types.ts';
import type { Db } from '../../db/index.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import type { ConversationsTable, Database, DbBool, MessageKind, MessageSenderSide } from '../../db/schema.ts';
import { fromDbBool, fromDbCount, fromDbTime, fromDbTimeOrNull, toDbBool, toDbTime } from '../../db/values.ts';

export type ChatSide = 'organisation' | 'sponsor';

export type ConversationRecord = {
  id: number;
  organisationId: number;
  organisationName: string;
  sponsorEmail: string;
  sponsorEmailNormalized: string;
  updatedAt: Date;
  /** The newest message's id and each side's unread messages: together, the messages' version. */
  lastMessageId: number | null;
  unreadFromOrganisation: number;
  unreadFromSponsor: number;
};

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

export type Counts = { messages: number; conversations: number };

const messageColumns = [
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

const toMessage = (row: MessageRow): MessageRecord => ({
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

const unreadColumn = (senderSide: ChatSide) =>
  senderSide === 'organisation' ? 'unread_from_organisation' : 'unread_from_sponsor';

type PendingInsert = {
  message: Omit<MessageRecord, 'id'>;
  resolve: (stored: MessageRecord) => void;
  reject: (error: unknown) => void;
};

/** The side whose messages the reader of `side` reads. */
export const otherSide = (side: ChatSide): ChatSide => (side === 'organisation' ? 'sponsor' : 'organisation');

export function createChatRepository(db: Db, engine: Engine) {
  const conversations = () =>
    db
      .selectFrom('conversations as c')
      .innerJoin('organisations as o', 'o.id', 'c.organisation_id')
      .select([
        'c.id',
        'c.organisation_id',
        'o.name as organisation_name',
        'c.sponsor_email',
        'c.sponsor_email_normalized',
        'c.updated_at',
        'c.last_message_id',
        'c.unread_from_organisation',
        'c.unread_from_sponsor',
      ]);

  // Run by every chat request's access check (decision 013).
  const conversationById = preparedRead(db, (id: number) => conversations().where('c.id', '=', id));
  const membership = () =>
    db
      .selectFrom('user_profiles as p')
      .leftJoin('organisations as o', 'o.id', 'p.organisation_id')
      .select(['p.cognito_id', 'p.email', 'p.organisation_id', 'o.name', 'p.role', 'p.onboarding_completed']);
  const membershipOf = preparedRead(db, (sub: string) => membership().where('p.cognito_id', '=', sub));
  // A signed-in user's cached reads ask the membership and the cache version in one round trip
  // (decision 014): with the revisions of the two list scopes (the address's, the organisation's),
  // or with the conversation row (whose newest id and unread counters are the messages' version).
  const membershipAndListRevisionsOf = preparedRead(db, (addressScope: string, sub: string) =>
    membership()
      .select((eb) => [
        eb
          .selectFrom('chat_list_revisions as ra')
          .select('ra.revision')
          .where('ra.scope', '=', addressScope)
          .as('address_revision'),
        eb
          .selectFrom('chat_list_revisions as ro')
          .select('ro.revision')
          .where('ro.scope', '=', sql<string>`'o:' || ${eb.ref('p.organisation_id')}`)
          .as('organisation_revision'),
      ])
      .where('p.cognito_id', '=', sub),
  );
  const conversationAndMembershipOf = preparedRead(db, (sub: string, id: number) =>
    conversations()
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

  /** The version of a scope's conversation list from the revisions of its scopes (0: none yet). */
  const listVersionOf = (
    scope: ConversationScope,
    revisions: { address: number | null | undefined; organisation: number | null | undefined },
  ): string =>
    scope.kind === 'user' && scope.organisationId !== null
      ? `${revisions.address ?? 0}:${revisions.organisation ?? 0}`
      : String(revisions.address ?? 0);

  const toConversation = (row: {
    id: number;
    organisation_id: number;
    organisation_name: string;
    sponsor_email: string;
    sponsor_email_normalized: string;
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
    updatedAt: fromDbTime(row.updated_at),
    lastMessageId: row.last_message_id,
    unreadFromOrganisation: row.unread_from_organisation,
    unreadFromSponsor: row.unread_from_sponsor,
  });

  const toMembership = (row: {
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
  const inScope = (eb: ExpressionBuilder<Database & { c: ConversationsTable }, 'c'>, scope: ConversationScope) => {
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

  /** Unread messages of `senderSide` in the conversations the filter picks (from the counters). */
  const countUnread = async (
    senderSide: ChatSide,
    filter: { organisationId?: number; emailNormalized?: string },
  ): Promise<Counts> => {
    const column = unreadColumn(senderSide);
    let query = db
      .selectFrom('conversations as c')
      .select((eb) => [eb.fn.sum<number>(`c.${column}`).as('n'), eb.fn.countAll<number>().as('k')])
      .where(`c.${column}`, '>', 0);
    if (filter.organisationId !== undefined) query = query.where('c.organisation_id', '=', filter.organisationId);
    if (filter.emailNormalized !== undefined) {
      query = query.where('c.sponsor_email_normalized', '=', filter.emailNormalized);
    }
    const row = await query.executeTakeFirst();
    return { messages: fromDbCount(row?.n ?? 0), conversations: fromDbCount(row?.k ?? 0) };
  };

  /** The columns of a new message row (its id from the database, or reserved by the batch). */
  const messageRow = (message: Omit<MessageRecord, 'id'>) => ({
    conversation_id: message.conversationId,
    sender_side: message.senderSide,
    sender_id: message.senderId,
    sender_name: message.senderName,
    body: message.body,
    type: message.type,
    sent_at: toDbTime(message.sentAt),
    read_at: message.readAt ? toDbTime(message.readAt) : null,
  });

  /** One message and its conversation's activity, newest id and unread counter, inside `trx`. */
  const writeMessage = async (trx: Db, message: Omit<MessageRecord, 'id'>): Promise<MessageRecord> => {
    const row = await trx.insertInto('messages').values(messageRow(message)).returning('id').executeTakeFirstOrThrow();
    const counted =
      message.readAt === null && message.senderSide !== 'system' ? unreadColumn(message.senderSide) : null;
    await trx
      .updateTable('conversations')
      .set((eb) => ({
        updated_at: toDbTime(message.sentAt),
        // Two transactions of one conversation may commit out of id order (PostgreSQL): keep the highest.
        // eb.val: a bare value in then() is written into the SQL as a literal, which made every message's
        // statement text unique, prepared anew and pushed all others out of the statement cache.
        last_message_id: eb
          .case()
          .when('last_message_id', 'is', null)
          .then(eb.val(row.id))
          .when('last_message_id', '<', row.id)
          .then(eb.val(row.id))
          .else(eb.ref('last_message_id'))
          .end(),
        ...(counted ? { [counted]: eb(counted, '+', 1) } : {}),
      }))
      .where('id', '=', message.conversationId)
      .execute();
    return { ...message, id: row.id };
  };

  /**
   * A version of everything the scope's conversation list shows: the revisions of the list scopes
   * it is made of, which triggers move forward on every change of their conversations and of the
   * organisations' names (migration 0013). A guest's one conversation is in its address's scope.
   */
  const listVersion = async (scope: ConversationScope): Promise<string> => {
    const address = `s:${scope.emailNormalized}`;
    const organisation = scope.kind === 'user' && scope.organisationId !== null ? `o:${scope.organisationId}` : null;
    const rows = await db
      .selectFrom('chat_list_revisions')
      .select(['scope', 'revision'])
      .where('scope', 'in', organisation === null ? [address] : [address, organisation])
      .execute();
    const revisionOf = new Map(rows.map((row) => [row.scope, row.revision]));
    return listVersionOf(scope, {
      address: revisionOf.get(address),
      organisation: organisation === null ? null : revisionOf.get(organisation),
    });
  };

  /**
   * PostgreSQL: a batch of messages and their conversations' activity, newest ids and unread counters
   * in three statements whatever its size (writeMessage is two per message, each a round trip to the
   * server while the conversation row is locked; decision 014). The ids are reserved from the
   * table's sequence and handed out in ascending order, so they follow the batch's order as one by
   * one inserts would, without relying on the order of an INSERT's RETURNING.
   */
  const writeBatch = async (trx: Db, messages: Omit<MessageRecord, 'id'>[]): Promise<MessageRecord[]> => {
    const reserved = await sql<{ id: number | string }>`
      select nextval(pg_get_serial_sequence('messages', 'id')) as id
      from generate_series(1, ${messages.length})`.execute(trx);
    const ids = reserved.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    if (ids.length !== messages.length) throw new Error('message ids were not reserved');
    const stored = messages.map((message, i): MessageRecord => ({ ...message, id: ids[i]! }));
    await trx
      .insertInto('messages')
      .values(stored.map((message) => ({ id: message.id, ...messageRow(message) })))
      .execute();
    // Per conversation what the one-by-one updates would leave: the batch's last activity time, the
    // highest id (never lower than the row's: transactions may commit out of id order), and +1 per
    // unread text message of each side.
    const changes = new Map<number, { lastId: number; at: Date; fromOrganisation: number; fromSponsor: number }>();
    for (const message of stored) {
      const change = changes.get(message.conversationId) ?? {
        lastId: message.id,
        at: message.sentAt,
        fromOrganisation: 0,
        fromSponsor: 0,
      };
      change.lastId = Math.max(change.lastId, message.id);
      change.at = message.sentAt;
      if (message.readAt === null && message.senderSide === 'organisation') change.fromOrganisation++;
      if (message.readAt === null && message.senderSide === 'sponsor') change.fromSponsor++;
      changes.set(message.conversationId, change);
    }
    // Ascending ids, so that two batches lock the rows they share in the same order.
    const rows = [...changes.entries()]
      .sort(([a], [b]) => a - b)
      .map(
        ([id, change]) =>
          sql`(${id}::integer, ${change.lastId}::integer, ${toDbTime(change.at)}::timestamptz, ${change.fromOrganisation}::integer, ${change.fromSponsor}::integer)`,
      );
    await sql`
      update conversations as c set
        updated_at = v.updated_at,
        last_message_id = greatest(c.last_message_id, v.last_id),
        unread_from_organisation = c.unread_from_organisation + v.from_organisation,
        unread_from_sponsor = c.unread_from_sponsor + v.from_sponsor
      from (values ${sql.join(rows)}) as v (id, last_id, updated_at, from_organisation, from_sponsor)
      where c.id = v.id`.execute(trx);
    return stored;
  };

  // Group commit: inserts that arrive while the event loop is busy are written in one transaction,
  // so a durable commit (synchronous=FULL: one fsync) is shared instead of paid per message. Each
  // caller still gets its answer only after the commit. When a batch fails, its messages are
  // retried one by one, so one bad message fails alone.
  let pending: PendingInsert[] = [];
  let flushing = false;
  const MAX_BATCH = 200;

  const flush = async () => {
    flushing = true;
    try {
      while (pending.length > 0) {
        const batch = pending.slice(0, MAX_BATCH);
        pending = pending.slice(batch.length);
        let stored: MessageRecord[] | null = null;
        try {
          stored = await db.transaction().execute(async (trx) => {
            if (engine === 'postgres' && batch.length > 1) {
              return writeBatch(
                trx,
                batch.map((item) => item.message),
              );
            }
            // SQLite: statements are calls into the same process (and cached), no round trips.
            const out: MessageRecord[] = [];
            for (const item of batch) out.push(await writeMessage(trx, item.message));
            return out;
          });
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
        }
        if (stored) {
          stored.forEach((message, i) => batch[i]!.resolve(message));
        } else if (batch.length > 1) {
          for (const item of batch) {
            try {
              item.resolve(await db.transaction().execute((trx) => writeMessage(trx, item.message)));
            } catch (error) {
              item.reject(error);
            }
          }
        }
      }
    } finally {
      flushing = false;
    }
  };

  return {
    async findConversation(id: number): Promise<ConversationRecord | undefined> {
      const [row] = await conversationById(id);
      return row && toConversation(row);
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

    /** Conversations the scope sees, newest activity first. */
    async listConversations(scope: ConversationScope): Promise<ConversationRecord[]> {
      const rows = await conversations()
        .where((eb) => inScope(eb, scope))
        .orderBy('c.updated_at', 'desc')
        .orderBy('c.id', 'desc')
        .execute();
      return rows.map(toConversation);
    },

    listVersion,

    /**
     * The user's membership and the version of their conversation list (listVersion of the scope
     * they make with `emailNormalized`) read together; a user without a profile has only the
     * address's scope, read on its own.
     */
    async findMembershipAndListVersion(
      sub: string,
      emailNormalized: string,
    ): Promise<{ membership: Membership | undefined; listVersion: string }> {
      const [row] = await membershipAndListRevisionsOf(`s:${emailNormalized}`, sub);
      if (!row) {
        return {
          membership: undefined,
          listVersion: await listVersion({ kind: 'user', organisationId: null, emailNormalized }),
        };
      }
      const scope: ConversationScope = { kind: 'user', organisationId: row.organisation_id, emailNormalized };
      return {
        membership: toMembership(row),
        listVersion: listVersionOf(scope, { address: row.address_revision, organisation: row.organisation_revision }),
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
          conversation: ConversationRecord;
          membership: Pick<Membership, 'organisationId' | 'organisationName' | 'role'> | undefined;
        }
      | undefined
    > {
      const [row] = await conversationAndMembershipOf(sub, id);
      if (!row) return undefined;
      return {
        conversation: toConversation(row),
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

    /** Unread messages per conversation and sender side (`<id>:organisation`, `<id>:sponsor`). */
    async unreadByConversation(conversationIds: number[]): Promise<Map<string, number>> {
      if (conversationIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('conversations')
        .select(['id', 'unread_from_organisation', 'unread_from_sponsor'])
        .where('id', 'in', conversationIds)
        .execute();
      const unread = new Map<string, number>();
      for (const row of rows) {
        unread.set(`${row.id}:organisation`, fromDbCount(row.unread_from_organisation));
        unread.set(`${row.id}:sponsor`, fromDbCount(row.unread_from_sponsor));
      }
      return unread;
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

    /**
     * Stores a message and moves the conversation's activity time, newest id and unread counter, in
     * one transaction (shared with the inserts that arrive at the same time); resolves once committed.
     */
    insertMessage(message: Omit<MessageRecord, 'id'>): Promise<MessageRecord> {
      return new Promise((resolve, reject) => {
        pending.push({ message, resolve, reject });
        // Collect what arrives in this turn of the event loop, then write it in one transaction.
        if (!flushing && pending.length === 1) setImmediate(() => void flush());
      });
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

    /** Unread sponsor messages over the organisation's conversations. */
    organisationUnread: (organisationId: number) => countUnread('sponsor', { organisationId }),
    /** Unread organisation messages over the address's conversations. */
    sponsorUnread: (emailNormalized: string) => countUnread('organisation', { emailNormalized }),
    /** Unread organisation messages of one conversation (a guest's). */
    pairUnread: (organisationId: number, emailNormalized: string) =>
      countUnread('organisation', { organisationId, emailNormalized }),

    async findMembership(sub: string): Promise<Membership | undefined> {
      const [row] = await membershipOf(sub);
      return row && toMembership(row);
    },

    /** The organisation of the member with that address, when there is one. */
    async findMemberOrganisation(emailNormalized: string): Promise<number | null> {
      const row = await db
        .selectFrom('user_profiles')
        .select('organisation_id')
        .where('email_normalized', '=', emailNormalized)
        .where('organisation_id', 'is not', null)
        .executeTakeFirst();
      return row?.organisation_id ?? null;
    },

    /** Members who want chat e-mail notices (settings). */
    async listMembers(organisationId: number): Promise<{ sub: string; email: string; language: string | null }[]> {
      const rows = await db
        .selectFrom('user_profiles')
        .select(['cognito_id', 'email', 'language'])
        .where('organisation_id', '=', organisationId)
        .where('chat_email_notices', '=', toDbBool(true))
        .execute();
      return rows.map((row) => ({ sub: row.cognito_id, email: row.email, language: row.language }));
    },

    /** The account with that address (its profile language), if any. */
    async findAccount(
      emailNormalized: string,
    ): Promise<{ email: string; language: string | null; wantsNotices: boolean } | undefined> {
      const row = await db
        .selectFrom('user_profiles')
        .select(['email', 'language', 'chat_email_notices'])
        .where('email_normalized', '=', emailNormalized)
        .executeTakeFirst();
      return row && { email: row.email, language: row.language, wantsNotices: fromDbBool(row.chat_email_notices) };
    },

    /** When the side's last e-mail notice of the conversation went out, if ever. */
    async lastNoticeAt(conversationId: number, side: ChatSide): Promise<Date | null> {
      const column = side === 'organisation' ? 'organisation_notified_at' : 'sponsor_notified_at';
      const row = await db
        .selectFrom('conversations')
        .select(column)
        .where('id', '=', conversationId)
        .executeTakeFirst();
      return fromDbTimeOrNull(row?.[column] ?? null);
    },

    /**
     * Takes the side's e-mail notice slot of the conversation when the last notice is older than
     * `notBefore` (or there was none); atomic, so only one process and one request send the notice.
     */
    async claimNotice(conversationId: number, side: ChatSide, now: Date, notBefore: Date): Promise<boolean> {
      const column = side === 'organisation' ? 'organisation_notified_at' : 'sponsor_notified_at';
      const result = await db
        .updateTable('conversations')
        .set({ [column]: toDbTime(now) })
        .where('id', '=', conversationId)
        .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<=', toDbTime(notBefore))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
