// Writing messages: each message moves its conversation's activity time, newest id and unread
// counter in the same transaction (decision 007). Inserts are group commits: those that arrive
// together share one transaction and one sync; on PostgreSQL a batch is one statement (decisions 014, 032).
import { sql } from 'kysely';
import type { Engine } from '../../db/column-types.ts';
import type { Db } from '../../db/index.ts';
import { toDbTime } from '../../db/values.ts';
import { createCompiledOnce } from '../../db/compiled-once.ts';
import { unreadColumn, type MessageRecord } from './records.ts';

type PendingInsert = {
  message: Omit<MessageRecord, 'id'>;
  resolve: (stored: MessageRecord) => void;
  reject: (error: unknown) => void;
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

type Compiled = ReturnType<typeof createCompiledOnce>;

/**
 * One message and its conversation's activity, newest id and unread counter, inside `trx`. The
 * insert has one shape; the update one per unread column and whether a participant wrote (notices
 * answer nobody): each compiled once per writer, so per database (db/compiled-once.ts).
 */
const writeMessage = async (
  compiled: Compiled,
  trx: Db,
  message: Omit<MessageRecord, 'id'>,
): Promise<MessageRecord> => {
  const values = messageRow(message);
  const insert = compiled('insert', Object.values(values), () =>
    trx.insertInto('messages').values(values).returning('id'),
  );
  const inserted = (await trx.executeQuery(insert)).rows[0];
  if (!inserted) throw new Error('the message insert returned no id');
  const id = inserted.id;
  const counted = message.readAt === null && message.senderSide !== 'system' ? unreadColumn(message.senderSide) : null;
  const participant = message.senderSide !== 'system' ? message.senderSide : null;
  const at = toDbTime(message.sentAt);
  const parameters = [
    at,
    id,
    id,
    id,
    ...(counted ? [1] : []),
    ...(participant ? [participant] : []),
    message.conversationId,
  ];
  const update = compiled(`update ${counted ?? '-'} ${participant !== null}`, parameters, () =>
    trx
      .updateTable('conversations')
      .set((eb) => ({
        updated_at: at,
        // Two transactions of one conversation may commit out of id order (PostgreSQL): keep the highest.
        // eb.val: a bare value in then() is written into the SQL as a literal, which made every message's
        // statement text unique, prepared anew and pushed all others out of the statement cache.
        last_message_id: eb
          .case()
          .when('last_message_id', 'is', null)
          .then(eb.val(id))
          .when('last_message_id', '<', id)
          .then(eb.val(id))
          .else(eb.ref('last_message_id'))
          .end(),
        ...(counted ? { [counted]: eb(counted, '+', 1) } : {}),
        // Who is waiting for an answer (the dashboard's unanswered count); notices answer nobody.
        ...(participant ? { last_participant_side: participant } : {}),
      }))
      .where('id', '=', message.conversationId),
  );
  await trx.executeQuery(update);
  return { ...message, id };
};

/**
 * PostgreSQL: a batch of messages and their conversations' activity, newest ids and unread counters
 * in one statement whatever its size, so in one round trip and its own transaction (it was five:
 * begin, ids, insert, update, commit; each waits for the server's event loop under load, and the
 * next batch waits for this one, decision 032). The ids are reserved from the table's sequence and
 * handed out in ascending order of the batch (`ord`), as one by one inserts would give them.
 */
const writeBatch = async (db: Db, messages: Omit<MessageRecord, 'id'>[]): Promise<MessageRecord[]> => {
  // Per conversation what the one-by-one updates would leave: the batch's last activity time, its
  // last message (never lower than the row's newest: transactions may commit out of id order),
  // +1 per unread text message of each side, the side of the last participant message.
  const changes = new Map<
    number,
    { lastOrd: number; at: Date; fromOrganisation: number; fromSponsor: number; side: string | null }
  >();
  messages.forEach((message, ord) => {
    const change = changes.get(message.conversationId) ?? {
      lastOrd: ord,
      at: message.sentAt,
      fromOrganisation: 0,
      fromSponsor: 0,
      side: null,
    };
    change.lastOrd = ord;
    change.at = message.sentAt;
    if (message.readAt === null && message.senderSide === 'organisation') change.fromOrganisation++;
    if (message.readAt === null && message.senderSide === 'sponsor') change.fromSponsor++;
    if (message.senderSide !== 'system') change.side = message.senderSide;
    changes.set(message.conversationId, change);
  });
  // Ascending conversation ids, so that two batches lock the rows they share in the same order.
  const conversations = [...changes.entries()].sort(([a], [b]) => a - b);
  // One text for any number of messages (the columns as arrays), so that it is prepared once per
  // connection as a named statement: as a VALUES list of the batch's size it was parsed and planned
  // for every batch, 2.8 ms of PostgreSQL's time (decision 052).
  const batch = sql<{ id: number | string }>`
    with reserved as (
      select nextval(pg_get_serial_sequence('messages', 'id')) as id
      from generate_series(1, ${messages.length}::integer)
    ), numbered as (
      select id, row_number() over (order by id) as ord from reserved
    ), m as (
      select * from unnest(
        ${messages.map((m) => m.conversationId)}::integer[],
        ${messages.map((m) => m.senderSide)}::varchar[],
        ${messages.map((m) => m.senderId)}::varchar[],
        ${messages.map((m) => m.senderName)}::varchar[],
        ${messages.map((m) => m.body)}::text[],
        ${messages.map((m) => m.type)}::varchar[],
        ${messages.map((m) => toDbTime(m.sentAt))}::timestamptz[],
        ${messages.map((m) => (m.readAt ? toDbTime(m.readAt) : null))}::timestamptz[]
      ) with ordinality as m (conversation_id, sender_side, sender_id, sender_name, body, type, sent_at, read_at, ord)
    ), inserted as (
      insert into messages (id, conversation_id, sender_side, sender_id, sender_name, body, type, sent_at, read_at)
      select n.id, m.conversation_id, m.sender_side, m.sender_id, m.sender_name, m.body, m.type, m.sent_at, m.read_at
      from m join numbered n on n.ord = m.ord
    ), v as (
      select * from unnest(
        ${conversations.map(([id]) => id)}::integer[],
        ${conversations.map(([, change]) => change.lastOrd + 1)}::integer[],
        ${conversations.map(([, change]) => toDbTime(change.at))}::timestamptz[],
        ${conversations.map(([, change]) => change.fromOrganisation)}::integer[],
        ${conversations.map(([, change]) => change.fromSponsor)}::integer[],
        ${conversations.map(([, change]) => change.side)}::varchar[]
      ) as v (id, last_ord, updated_at, from_organisation, from_sponsor, side)
    ), updated as (
      update conversations as c set
        updated_at = v.updated_at,
        last_message_id = greatest(c.last_message_id, n.id),
        unread_from_organisation = c.unread_from_organisation + v.from_organisation,
        unread_from_sponsor = c.unread_from_sponsor + v.from_sponsor,
        last_participant_side = coalesce(v.side, c.last_participant_side)
      from v join numbered n on n.ord = v.last_ord
      where c.id = v.id
    )
    select n.id from numbered n order by n.ord`.compile(db);
  const reserved = await db.executeQuery(batch);
  const ids = reserved.rows.map((row) => Number(row.id));
  return messages.map((message, i): MessageRecord => ({ ...message, id: ids[i]! }));
};

export type MessageWriterOptions = {
  /** A batch failed and its messages are being written one by one (the batch's error). */
  onBatchRetried?: (error: unknown, size: number) => void;
};

export function createMessageWriter(db: Db, engine: Engine, options: MessageWriterOptions = {}) {
  // Group commit: inserts that arrive while the event loop is busy are written in one transaction,
  // so a durable commit (synchronous=FULL: one fsync) is shared instead of paid per message. Each
  // caller still gets its answer only after the commit. When a batch fails, its messages are
  // retried one by one, so one bad message fails alone.
  const compiled = createCompiledOnce();
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
          stored =
            engine === 'postgres' && batch.length > 1
              ? await writeBatch(
                  db,
                  batch.map((item) => item.message),
                )
              : // SQLite: statements are calls into the same process (and cached), no round trips.
                await db.transaction().execute(async (trx) => {
                  const out: MessageRecord[] = [];
                  for (const item of batch) out.push(await writeMessage(compiled, trx, item.message));
                  return out;
                });
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
          else options.onBatchRetried?.(error, batch.length);
        }
        if (stored) {
          stored.forEach((message, i) => batch[i]!.resolve(message));
        } else if (batch.length > 1) {
          for (const item of batch) {
            try {
              item.resolve(await db.transaction().execute((trx) => writeMessage(compiled, trx, item.message)));
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
  };
}
