// What changes the read memo on PostgreSQL (read-memo.ts; decisions 014, 029 and 032), by table:
// - this process wrote: a statement's tables (written-tables.ts) with those their triggers and
//   cascading foreign keys write (read from the catalogue when the listener connects) count once it
//   has run, and again when its transaction ends, so a process reads its own writes at once;
// - any process wrote: a statement trigger on every table (installWriteNotices, at each start)
//   sends NOTIFY sp_writes with `schema.table` at commit; a dedicated client LISTENs (and skips the
//   notices of its own pool's backends: those writes counted when they ran). Between another
//   process's commit and its notice arriving (well under a millisecond on one network) a process may
//   still answer from what it read before. (The notices of the version before, with the schema
//   alone, go on another channel while both versions run: NOTICES.)
// A write to `conversations` also changes `conversation_facts` (who a conversation is between), unless
// the statement is marked activity-only (written-tables.ts; decision 043); others' notices always do.
// While the listener is not connected nothing is kept (the stamp is null), and a reconnect drops
// everything kept before, since notices may have been missed meanwhile.
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from './index.ts';
import { createReadMemo } from './read-memo.ts';
import { effectOf, functionWrites, withFacts, writeReach, type WriteReach } from './written-tables.ts';

export const WRITE_NOTICE_CHANNEL = 'sp_table_writes';
const TRIGGER = 'sp_table_write_notice';
/**
 * The statement triggers on every table: the table notices this version listens to, and the schema
 * notices of the version before (decision 029), which its processes still listen to while a rolling
 * deployment runs both; the second can go in the release after (decision 032).
 */
export const NOTICES = [
  {
    trigger: TRIGGER,
    fn: 'sp_notify_table_write',
    channel: WRITE_NOTICE_CHANNEL,
    payload: "TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME",
  },
  { trigger: 'sp_write_notice', fn: 'sp_notify_write', channel: 'sp_writes', payload: 'TG_TABLE_SCHEMA' },
] as const;

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
  let reconnects = 0;
  // What a write to a table may write besides; null until read (every write then counts for all).
  let reach: WriteReach | null = null;
  let listening = false;
  let started = false;
  let closed = false;
  let client: pg.Client | null = null;
  let delay = min;
  let retry: NodeJS.Timeout | undefined;
  let reachGeneration = 0;
  /** The backend process ids of this process's pool: their notices are this process's own writes. */
  const ownBackends = new Set<number>();
  /** Reads the catalogue again (after DDL of this process); until then every write counts for all. */
  const refreshReach = () => {
    const generation = ++reachGeneration;
    reach = null;
    if (!client) return;
    readWriteReach(client).then(
      (read) => {
        if (generation === reachGeneration) reach = read;
      },
      () => undefined,
    );
  };

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
      if (notice.channel !== WRITE_NOTICE_CHANNEL || schema === null || !notice.payload) return;
      // This process's own writes counted when they ran, facts or activity (openSession).
      if (ownBackends.has(notice.processId)) return;
      if (notice.payload.startsWith(`${schema}.`)) memo.changed(withFacts([notice.payload.slice(schema.length + 1)]));
    });
    try {
      await next.connect();
      schema = (await next.query<{ s: string }>('select current_schema() as s')).rows[0]!.s;
      await next.query(`LISTEN ${WRITE_NOTICE_CHANNEL}`);
      const generation = reachGeneration;
      const read = await readWriteReach(next);
      if (generation === reachGeneration) reach = read;
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
    if (reach === null) refreshReach();
    // Writes while no one listened were not seen: what was kept before goes.
    reconnects++;
    listening = true;
  };

  const memo = createReadMemo(
    () => {
      if (!started) {
        started = true;
        void connect();
      }
      return listening ? String(reconnects) : null;
    },
    { byTable: true },
  );

  /** The tables a write statement's text names, with what they reach; 'all' when that is not known. */
  const writtenBy = (tables: string[]) => (reach ? reach.reach(tables) : 'all');

  return {
    memo,
    /**
     * One connection of the pool: told of each statement it finished, whatever the outcome. Writes
     * count when they ran and again when their transaction ends (a read between the two saw the
     * rows before the commit).
     */
    openSession(backend?: number | null) {
      if (typeof backend === 'number') ownBackends.add(backend);
      let pending = new Set<string>();
      let pendingAll = false;
      let pendingDdl = false;
      return (text: string) => {
        const effect = effectOf(text);
        if (effect.kind === 'read' || effect.kind === 'none') return;
        if (effect.kind === 'end') {
          if (pendingAll) memo.changed('all');
          else if (pending.size > 0) memo.changed(pending);
          // DDL is seen by the catalogue once committed.
          if (pendingDdl) refreshReach();
          // ROLLBACK TO SAVEPOINT keeps the transaction (and what it wrote before) open.
          if (!/^\s*rollback\s+to\b/i.test(text)) {
            pending = new Set();
            pendingAll = false;
            pendingDdl = false;
          }
          return;
        }
        const reached = effect.kind === 'write' ? writtenBy(effect.tables) : 'all';
        const tables = reached === 'all' ? reached : withFacts(reached, text);
        // DDL may add tables, triggers or keys: read them again (now, and once its transaction ends).
        if (effect.kind === 'unknown') {
          pendingDdl = true;
          refreshReach();
        }
        if (tables === 'all') pendingAll = true;
        else for (const table of tables) pending.add(table);
        memo.changed(tables);
      };
    },
    /** A connection of the pool closed: its backend's process id may go to another process's. */
    closeSession(backend?: number | null) {
      if (typeof backend === 'number') ownBackends.delete(backend);
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
 * What a write to each table of the current schema may write besides: the tables written by any
 * function of the schema for a table with triggers (a trigger's function may call the others), the
 * referencing tables of cascading foreign keys, and 'all' for a trigger running dynamic SQL.
 */
async function readWriteReach(client: pg.Client): Promise<WriteReach> {
  const tables = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p')`,
  );
  const functions = await client.query<{ name: string; body: string }>(
    `select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = current_schema() and p.prolang in (select oid from pg_language where lanname in ('plpgsql', 'sql'))`,
  );
  const triggered = await client.query<{ name: string; fn: string }>(
    `select c.relname as name, p.proname as fn from pg_trigger t
     join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     join pg_proc p on p.oid = t.tgfoid
     where n.nspname = current_schema() and not t.tgisinternal
       and t.tgname not in (${NOTICES.map((n) => `'${n.trigger}'`).join(', ')})`,
  );
  const cascades = await client.query<{ parent: string; child: string }>(
    `select parent.relname as parent, child.relname as child from pg_constraint k
     join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
     join pg_namespace n on n.oid = child.relnamespace
     where k.contype = 'f' and n.nspname = current_schema()
       and (k.confdeltype not in ('a', 'r') or k.confupdtype not in ('a', 'r'))`,
  );
  const writesOf = functionWrites(functions.rows);
  const edges = new Map<string, string[] | 'all'>();
  const add = (table: string, more: string[] | 'all') => {
    const had = edges.get(table) ?? [];
    edges.set(table, had === 'all' || more === 'all' ? 'all' : [...had, ...more]);
  };
  for (const { name, fn } of triggered.rows) add(name, writesOf(fn));
  for (const { parent, child } of cascades.rows) add(parent, [child]);
  return writeReach(
    tables.rows.map((row) => row.name),
    edges,
  );
}

/**
 * The NOTIFY trigger on every table of the current schema that lacks it, at each start (so tables of
 * any migration are covered, in whatever order branches landed them). Under an advisory lock:
 * processes starting together would otherwise race on the same DDL.
 */
export async function installWriteNotices(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('sp_write_notices'))`.execute(trx);
    for (const notice of NOTICES) {
      await sql
        .raw(
          `create or replace function ${notice.fn}() returns trigger language plpgsql as $$
           begin perform pg_notify('${notice.channel}', ${notice.payload}); return null; end $$`,
        )
        .execute(trx);
      const missing = await sql<{ name: string }>`
        select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname not like 'kysely\\_%'
          and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = ${notice.trigger})`.execute(
        trx,
      );
      for (const { name } of missing.rows) {
        await sql
          .raw(
            `create trigger ${notice.trigger} after insert or update or delete or truncate on "${name.replace(/"/g, '""')}" ` +
              `for each statement execute function ${notice.fn}()`,
          )
          .execute(trx);
      }
    }
  });
}
