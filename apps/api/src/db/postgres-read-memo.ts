// The read memo's stamp on PostgreSQL (read-memo.ts; decision 014's way; decision 029 says what it
// gives up): the database changed when
// - this process wrote: every statement that is not a SELECT counts once it has run, so a process
//   reads its own writes at once;
// - any process wrote: a statement trigger on every table (installWriteNotices, at each start)
//   sends NOTIFY sp_writes with the table's schema at commit; a dedicated client LISTENs and moves
//   the stamp when one arrives. Between another process's commit and its notice arriving (well under
//   a millisecond on one network) a process may still answer from what it read before.
// While the listener is not connected nothing is kept (the stamp is null), and a reconnect drops
// everything kept before, since notices may have been missed meanwhile.
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from './index.ts';
import { createReadMemo } from './read-memo.ts';

export const WRITE_NOTICE_CHANNEL = 'sp_writes';
const TRIGGER = 'sp_write_notice';

type Log = { warn(obj: object, msg: string): void };

export function createPostgresReadMemo(options: {
  connection: pg.ClientConfig;
  /** Names the listener's session (`sp-write-notices:<schema>`), for operators and tests. */
  schema?: string;
  loadPg: () => typeof pg;
  log?: Log;
  reconnectMs?: { min: number; max: number };
}) {
  const { min, max } = options.reconnectMs ?? { min: 200, max: 10_000 };
  let localWrites = 0;
  let remoteVersion = 0;
  let listening = false;
  let started = false;
  let closed = false;
  let client: pg.Client | null = null;
  let delay = min;
  let retry: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(max, delay * 2);
  };

  const connect = async (): Promise<void> => {
    const next = new (options.loadPg().Client)({
      ...options.connection,
      application_name: `sp-write-notices:${options.schema ?? 'public'}`,
    });
    let schema: string | null = null;
    const fail = (error: unknown) => {
      if (client === next) {
        client = null;
        listening = false;
      }
      next.removeAllListeners();
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      if (!closed) {
        options.log?.warn({ err: error }, 'write-notice listener lost, reconnecting');
        scheduleReconnect();
      }
    };
    next.on('error', fail);
    next.on('end', () => fail(new Error('connection ended')));
    next.on('notification', (notice) => {
      if (notice.channel === WRITE_NOTICE_CHANNEL && notice.payload === schema) remoteVersion++;
    });
    try {
      await next.connect();
      schema = (await next.query<{ s: string }>('select current_schema() as s')).rows[0]!.s;
      await next.query(`LISTEN ${WRITE_NOTICE_CHANNEL}`);
    } catch (error) {
      fail(error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = min;
    // Writes while no one listened were not seen: what was kept before goes.
    remoteVersion++;
    listening = true;
  };

  const memo = createReadMemo(() => {
    if (!started) {
      started = true;
      void connect();
    }
    return listening ? `${localWrites}:${remoteVersion}` : null;
  });

  return {
    memo,
    /** Called when a statement of the pool has finished, whatever its outcome. */
    statementDone(text: string) {
      if (!/^\s*select\b/i.test(text)) localWrites++;
    },
    listening: () => listening,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      listening = false;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}

/**
 * The NOTIFY trigger on every table of the current schema that lacks it, at each start (so tables of
 * any migration are covered, in whatever order branches landed them). Under an advisory lock:
 * processes starting together would otherwise race on the same DDL.
 */
export async function installWriteNotices(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('sp_write_notices'))`.execute(trx);
    await sql
      .raw(
        `create or replace function sp_notify_write() returns trigger language plpgsql as $$
         begin perform pg_notify('${WRITE_NOTICE_CHANNEL}', TG_TABLE_SCHEMA); return null; end $$`,
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
            'for each statement execute function sp_notify_write()',
        )
        .execute(trx);
    }
  });
}
