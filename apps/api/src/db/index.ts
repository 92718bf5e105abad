// The database port: Kysely over SQLite (embedded default) or PostgreSQL (DATABASE_URL).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type LogEvent, type MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import type { Engine } from './column-types.ts';
import { migrationsFor } from './migrations/index.ts';
import {
  countingWrites,
  createPostgresChanges,
  createSqliteChanges,
  installWriteNotices,
  type Changes,
} from '../read-cache/index.ts';
import { parseTimestamptz } from './timestamptz.ts';

export type Db = Kysely<Database>;
export type DbHandle = {
  db: Db;
  engine: Engine;
  close: () => Promise<void>;
  /** SQLite: statements prepared so far (a steady workload must stop preparing; see the statement cache). */
  preparedStatements?: () => number;
  /** What tells the read cache that the database changed (read-cache/changes.ts). */
  changes: Changes;
  /** PostgreSQL: whether the write-notice listener is connected (else nothing is kept). */
  noticesListening?: () => boolean;
  /** Hears every statement's kind and time in ms (the metrics, decision 077). */
  observeStatements: (listener: StatementListener) => void;
  /** PostgreSQL: the pool's connections and the queries waiting for one. */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

type StatementListener = (kind: string, ms: number) => void;

/**
 * Kysely's log hook, which times each statement only while somebody listens: without metrics the
 * listener list stays empty and a statement costs one length check.
 */
function statementLog() {
  const listeners: StatementListener[] = [];
  const log = (event: LogEvent) => {
    if (listeners.length === 0) return;
    const kind = event.query.query.kind.replace(/QueryNode$|Node$/, '').toLowerCase();
    for (const listener of listeners) listener(kind, event.queryDurationMillis);
  };
  return { log, observe: (listener: StatementListener) => void listeners.push(listener) };
}

export type DbOptions =
  | { engine: 'sqlite'; file: string; /** statements kept for reuse (default 500) */ statementCache?: number }
  | { engine: 'postgres'; url: string; schema?: string; poolSize?: number };

let pgModule: typeof pg | undefined;

/**
 * The PostgreSQL client, loaded on first use: on the embedded SQLite its module loading (50-250 ms
 * here) was start time for nothing (decision 011).
 */
export function loadPg(): typeof pg {
  if (!pgModule) {
    pgModule = createRequire(import.meta.url)('pg') as typeof pg;
    // Counts and sums come back as strings by default; ids and counts here fit in a JS number.
    pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (v) => Number(v));
    pgModule.types.setTypeParser(pgModule.types.builtins.NUMERIC, (v) => Number(v));
    const pgTimestamptz = pgModule.types.getTypeParser(pgModule.types.builtins.TIMESTAMPTZ);
    pgModule.types.setTypeParser(pgModule.types.builtins.TIMESTAMPTZ, (v) => parseTimestamptz(v, pgTimestamptz));
  }
  return pgModule;
}

const DEFAULT_CACHED_STATEMENTS = 500;

/**
 * Kysely's SQLite driver prepares every query anew; compiling the SQL costs about as much as running
 * a short query. Statements are reused by their text (Kysely's SQL has only placeholders, so the set
 * is small; bounded anyway, oldest out first). Safe with one connection: Kysely runs one query at a
 * time on it, and a statement is done before the next query starts.
 */
function withStatementCache(sqlite: SQLite.Database, limit: number) {
  const { changes, counted } = createSqliteChanges(sqlite);
  const statements = new Map<string, ReturnType<typeof counted>>();
  let prepared = 0;
  return {
    changes,
    prepared: () => prepared,
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) return statement;
      prepared++;
      statement = counted(sqlite.prepare(text));
      if (limit === 0) return statement;
      statements.set(text, statement);
      if (statements.size > limit) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}

export function openDatabase(options: DbOptions): DbHandle {
  if (options.engine === 'sqlite') {
    if (options.file !== ':memory:') fs.mkdirSync(path.dirname(options.file), { recursive: true });
    const sqlite = new SQLite(options.file);
    sqlite.pragma('journal_mode = WAL');
    // FULL: an acknowledged write survives a power cut, not only a process crash.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const cached = withStatementCache(sqlite, options.statementCache ?? DEFAULT_CACHED_STATEMENTS);
    const statements = statementLog();
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }), log: statements.log });
    return {
      db,
      engine: 'sqlite',
      close: () => db.destroy(),
      preparedStatements: cached.prepared,
      changes: cached.changes,
      observeStatements: statements.observe,
    };
  }
  const connection = {
    connectionString: options.url,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  };
  const pool = new (loadPg().Pool)({ ...connection, max: options.poolSize ?? 10 });
  // An idle connection the server ends (a restart, a failover, pg_terminate_backend) reaches the
  // pool as an 'error' event; pg removes that connection by itself and the next query opens a new
  // one. Unheard, node raises the event as an uncaught exception that ends the whole process
  // (connection-loss.test.ts). A query in flight gets its own error through its promise.
  pool.on('error', () => undefined);
  const notices = createPostgresChanges({ connection, loadPg, schema: options.schema });
  const statements = statementLog();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: countingWrites(pool, () => notices.changes.changed('all')) }),
    log: statements.log,
  });
  return {
    db,
    engine: 'postgres',
    close: async () => {
      await notices.changes.close();
      await db.destroy();
    },
    changes: notices.changes,
    noticesListening: notices.listening,
    observeStatements: statements.observe,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export async function migrateToLatest(handle: DbHandle, schema?: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle.engine) };
  // With PostgreSQL, name the schema of Kysely's own tables: otherwise it finds them in any schema
  // on the search path of another database user and skips creating them in ours.
  // Unordered: branches developed side by side may land migrations in another order than numbered;
  // each one only adds its own tables and columns, so their order does not matter.
  const migrator = new Migrator({
    db: handle.db,
    provider,
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  // Every table tells the other processes when it was written (read-cache/postgres-changes.ts).
  if (handle.engine === 'postgres') await installWriteNotices(handle.db as unknown as Kysely<unknown>);
}

/** The migrations of this version the database has not run yet (readiness; a newer version's extra ones do not count). */
export async function pendingMigrations(handle: DbHandle): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(handle.db);
  const done = new Set(rows.map((row) => row.name));
  return Object.keys(migrationsFor(handle.engine)).filter((name) => !done.has(name));
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
