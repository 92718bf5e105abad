// The read cache's changes on PostgreSQL (changes.ts):
// - this process's writes: every statement of the pool whose command tag (the server's answer, not
//   the SQL text) is not SELECT ticks the clock for all tables when it has run, and so does its
//   transaction's end (COMMIT is such a statement): a read that began between the two saw the rows
//   before the commit, and is dropped.
// - any process's writes: a statement trigger on every table (installWriteNotices, at each start)
//   sends NOTIFY sp_table_writes with `schema.table` at commit; a dedicated connection LISTENs and
//   ticks that table when the notice arrives.
// - the notice connection itself: every PING_MS it notifies itself. PostgreSQL delivers a session's
//   notifications in commit order, so once a ping sent at time s comes back, every write committed
//   before s has been heard. Memory is trusted only while the last ping that came back was sent less
//   than TRUST_MS ago: a connection that dropped (ended by the server, or silently lost by the
//   network) stops the cache serving within TRUST_MS, whether or not the client has noticed yet.
//   When trust comes back (a ping again, a new connection), everything kept before is dropped.
import crypto from 'node:crypto';
import { sql, type Kysely, type PostgresCursor, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
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
  const { min, max } = options.reconnectMs ?? { min: 200, max: 5_000 };
  const clock = createChangeClock();
  const token = crypto.randomBytes(6).toString('hex');
  let client: pg.Client | null = null;
  let schema: string | null = null;
  let started = false;
  let closed = false;
  let delay = min;
  let retry: NodeJS.Timeout | undefined;
  let pinger: NodeJS.Timeout | undefined;
  let pingSeq = 0;
  let pingOut = false;
  const pingsSent = new Map<number, number>();
  /** When the newest ping that came back was sent (-Infinity: none on this connection). */
  let heardUpTo = -Infinity;
  let wasTrusted = false;

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(max, delay * 2);
  };

  const drop = (next: pg.Client, error: unknown) => {
    if (client === next) {
      client = null;
      heardUpTo = -Infinity;
      pingsSent.clear();
      pingOut = false;
    }
    next.removeAllListeners();
    next.on('error', () => undefined);
    void next.end().catch(() => undefined);
    if (!closed) {
      options.log?.warn({ err: error }, 'write-notice listener lost, reconnecting');
      scheduleReconnect();
    }
  };

  const ping = () => {
    const current = client;
    if (!current || pingOut) return;
    const seq = ++pingSeq;
    pingsSent.set(seq, performance.now());
    pingOut = true;
    current.query('select pg_notify($1, $2)', [WRITE_NOTICE_CHANNEL, `ping:${token}:${seq}`]).then(
      () => void (pingOut = false),
      (error: unknown) => drop(current, error),
    );
  };

  const connect = async (): Promise<void> => {
    const next = new (options.loadPg().Client)({
      ...options.connection,
      application_name: `${NOTICE_APPLICATION}:${options.schema ?? 'public'}`,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      // A ping that hangs (a connection the network lost without a word) ends the connection.
      query_timeout: 3_000,
    });
    next.on('error', (error) => drop(next, error));
    next.on('end', () => drop(next, new Error('connection ended')));
    next.on('notification', (notice) => {
      const payload = notice.payload;
      if (notice.channel !== WRITE_NOTICE_CHANNEL || !payload || client !== next) return;
      if (payload.startsWith('ping:')) {
        const [, from, seq] = payload.split(':');
        if (from !== token) return;
        const sentAt = pingsSent.get(Number(seq));
        if (sentAt === undefined) return;
        for (const sent of pingsSent.keys()) if (sent <= Number(seq)) pingsSent.delete(sent);
        heardUpTo = Math.max(heardUpTo, sentAt);
        return;
      }
      if (schema !== null && payload.startsWith(`${schema}.`)) clock.changed([payload.slice(schema.length + 1)]);
    });
    try {
      await next.connect();
      schema = (await next.query<{ s: string }>('select current_schema() as s')).rows[0]!.s;
      await next.query(`LISTEN ${WRITE_NOTICE_CHANNEL}`);
    } catch (error) {
      drop(next, error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = min;
    ping();
  };

  const changes: Changes = {
    ...clock,
    trusted() {
      if (!started) {
        started = true;
        void connect();
        pinger = setInterval(ping, PING_MS);
        pinger.unref();
      }
      const trusted = client !== null && performance.now() - heardUpTo < TRUST_MS;
      // Writes may have gone unheard while memory was not trusted: what was kept before goes.
      if (trusted && !wasTrusted) clock.changed('all');
      wasTrusted = trusted;
      return trusted;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (pinger) clearInterval(pinger);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
  return { changes, listening: () => client !== null };
}

/**
 * `pool` as Kysely's PostgresDialect takes it, telling `wrote` after each statement that is not a
 * SELECT (by the server's command tag) or that failed. Kysely keeps one connection per client object
 * (a WeakMap), so each pg client gets one stable wrapper.
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
          if (result.command !== 'SELECT') wrote();
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
