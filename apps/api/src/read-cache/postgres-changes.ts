// The read cache's changes on PostgreSQL (changes.ts):
// - this process's writes: every statement of the pool whose command tag (the server's answer, not
//   the SQL text) is not SELECT, or that is a SELECT with a data-modifying WITH (whose tag is the
//   outer SELECT's), ticks the clock for all tables when it has run, and so does its
//   transaction's end (COMMIT is such a statement): a read that began between the two saw the rows
//   before the commit, and is dropped.
// - any process's writes: a statement trigger on every table (installWriteNotices, at each start)
//   sends NOTIFY sp_table_writes with `schema.table` at commit; a dedicated connection LISTENs and
//   ticks that table when the notice arrives.
// - the notice connection itself (db/listen.ts, the LISTEN helper the bus uses too): every PING_MS
//   it notifies itself. PostgreSQL delivers a session's notifications in commit order, so once a
//   ping sent at time s comes back, every write committed before s has been heard. Memory is trusted
//   only while the last ping that came back was sent less than TRUST_MS ago: a connection that
//   dropped (ended by the server, or silently lost by the network) stops the cache serving within
//   TRUST_MS, whether or not the client has noticed yet. When trust comes back (a ping again, a new
//   connection), everything kept before is dropped.
import { sql, type Kysely, type PostgresCursor, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { createListenConnection } from '../db/listen.ts';
import { createChangeClock, type Changes } from './changes.ts';

export const WRITE_NOTICE_CHANNEL = 'sp_table_writes';
const TRIGGER = 'sp_table_write_notice';
const FUNCTION = 'sp_notify_table_write';
/** Names the notice connection's session (`sp-write-notices:<schema>`), for operators and tests. */
export const NOTICE_APPLICATION = 'sp-write-notices';
export const PING_MS = 200;
/** The contract's second, less what a notice and a ping take on their way. */
export const TRUST_MS = 750;

type Log = { warn(obj: object, msg: string): void };

export function createPostgresChanges(options: {
  connection: pg.ClientConfig;
  schema?: string;
  loadPg: () => typeof pg;
  log?: Log;
  reconnectMs?: { min: number; max: number };
}) {
  const clock = createChangeClock();
  let schema: string | null = null;
  let wasTrusted = false;
  // The LISTEN connection, its reconnects and its pings: db/listen.ts, shared with the bus.
  const notices = createListenConnection({
    connection: {
      ...options.connection,
      application_name: `${NOTICE_APPLICATION}:${options.schema ?? 'public'}`,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      // A ping that hangs (a connection the network lost without a word) ends the connection.
      query_timeout: 3_000,
    },
    channel: WRITE_NOTICE_CHANNEL,
    loadPg: options.loadPg,
    name: 'write-notice listener',
    log: options.log,
    reconnectMs: options.reconnectMs,
    heartbeat: { everyMs: PING_MS },
    prepare: async (client) => {
      schema = (await client.query<{ s: string }>('select current_schema() as s')).rows[0]!.s;
    },
    onNotification: (payload) => {
      if (schema !== null && payload.startsWith(`${schema}.`)) clock.changed([payload.slice(schema.length + 1)]);
    },
  });

  const changes: Changes = {
    ...clock,
    trusted() {
      void notices.start();
      const trusted = notices.heardWithin(TRUST_MS);
      // Writes may have gone unheard while memory was not trusted: what was kept before goes.
      if (trusted && !wasTrusted) clock.changed('all');
      wasTrusted = trusted;
      return trusted;
    },
    close: () => notices.close(),
  };
  return { changes, listening: notices.listening };
}

/**
 * A data-modifying WITH (`name AS (INSERT ...`, also UPDATE, DELETE, MERGE): PostgreSQL answers such
 * a statement with its outer query's tag, SELECT, though it wrote (the chat's message batch is one).
 * The shape, not a guess at what a statement reads: a read never has it.
 */
const MODIFYING_WITH = /\bas\s*(?:not\s+)?(?:materialized\s+)?\(\s*(?:insert|update|delete|merge)\b/i;
const MAX_REMEMBERED_TEXTS = 1024;
const modifyingWith = new Map<string, boolean>();

/** Whether a statement the server tagged SELECT wrote through a WITH (remembered per text: the texts repeat). */
function selectThatWrites(text: string): boolean {
  let writes = modifyingWith.get(text);
  if (writes === undefined) {
    writes = MODIFYING_WITH.test(text);
    if (modifyingWith.size >= MAX_REMEMBERED_TEXTS) modifyingWith.clear();
    modifyingWith.set(text, writes);
  }
  return writes;
}

/**
 * `pool` as Kysely's PostgresDialect takes it, telling `wrote` after each statement that is not a
 * SELECT (by the server's command tag), that is a SELECT with a data-modifying WITH, or that failed.
 * A SELECT calling a function that writes would not be told: the schema has none (every function in
 * it is a trigger function, which no SELECT can call; postgres-writes.test.ts). Kysely keeps one
 * connection per client object (a WeakMap), so each pg client gets one stable wrapper.
 */
export function countingWrites(pool: pg.Pool, wrote: () => void): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (wrapper) return wrapper;
    const query = (textOrCursor: string | PostgresCursor<unknown>, parameters: readonly unknown[] = []) => {
      if (typeof textOrCursor !== 'string') {
        wrote();
        return client.query(textOrCursor as unknown as pg.Submittable);
      }
      return client.query(textOrCursor, [...parameters]).then(
        (result) => {
          if (result.command !== 'SELECT' || selectThatWrites(textOrCursor)) wrote();
          return result;
        },
        (error: unknown) => {
          wrote();
          throw error;
        },
      );
    };
    wrapper = { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
    wrappers.set(client, wrapper);
    return wrapper;
  };
  return { connect: async () => wrap(await pool.connect()), end: () => pool.end() };
}

/**
 * The NOTIFY trigger on every table of the current schema that lacks it, at each start (so tables of
 * any migration are covered, in whatever order branches landed them). Under an advisory lock:
 * processes starting together would otherwise race on the same DDL.
 */
export async function installWriteNotices(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('sp_write_notices'))`.execute(trx);
    await sql
      .raw(
        `create or replace function ${FUNCTION}() returns trigger language plpgsql as $$
         begin perform pg_notify('${WRITE_NOTICE_CHANNEL}', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME); return null; end $$`,
      )
      .execute(trx);
    const missing = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname not like 'kysely\\_%'
        and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = ${TRIGGER})`.execute(trx);
    for (const { name } of missing.rows) {
      await sql
        .raw(
          `create trigger ${TRIGGER} after insert or update or delete or truncate on "${name.replace(/"/g, '""')}" ` +
            `for each statement execute function ${FUNCTION}()`,
        )
        .execute(trx);
    }
  });
}
