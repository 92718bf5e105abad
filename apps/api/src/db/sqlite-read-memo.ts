// The answers of the hot access reads (preparedRead) on SQLite, kept until the database changes.
// Every cached read of the API first runs one such read (who the caller is to the organisation, and
// the revision its cached answer is checked against); on this machine that one indexed join costs
// 15-30 µs of SQLite, a quarter of a cached read's time, for an answer that changes only when
// something is written. So the answers are kept, and all of them are dropped on any write:
// - a write of this process: every statement that is not read-only counts, when it has run (inside
//   a transaction too: Kysely's one SQLite connection runs nothing else until it commits);
// - a write of any other connection or process (`npm run admin`, a second server on the same file):
//   SQLite's `PRAGMA data_version` changes. It is asked at most every 50 ms: asked on every use it
//   was 10 % of a cached read under load. So another process's write (an operator's command) reaches
//   the access checks within 50 ms; the server itself has one connection, so its writes count at once.
// A read that started before a write and ends after it is not kept. Rows are frozen: callers share them.
import type SQLite from 'better-sqlite3';

export type ReadMemo = {
  rows<Row>(sql: string, args: readonly unknown[], load: () => Promise<Row[]>): Promise<Row[]>;
  /** Answers taken from the memo so far (tests and the statement counters). */
  hits(): number;
};

type Statement = {
  reader: boolean;
  readonly: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SQLite.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
};

const MAX_ENTRIES = 10_000;
/** How long a read of PRAGMA data_version is trusted (other processes' writes). */
export const DATA_VERSION_TRUSTED_MS = 50;

export function createReadMemo(sqlite: SQLite.Database) {
  let writes = 0;
  let hits = 0;
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let stamp = '';
  const entries = new Map<string, readonly unknown[]>();
  let version: unknown = null;
  let versionReadAt = -Infinity;
  const current = () => {
    const now = performance.now();
    if (now - versionReadAt >= DATA_VERSION_TRUSTED_MS) {
      version = dataVersion.get();
      versionReadAt = now;
    }
    return `${writes}:${String(version)}`;
  };

  const memo: ReadMemo = {
    async rows<Row>(sql: string, args: readonly unknown[], load: () => Promise<Row[]>): Promise<Row[]> {
      const now = current();
      if (now !== stamp) {
        entries.clear();
        stamp = now;
      }
      const key = `${sql}\u0000${JSON.stringify(args)}`;
      const kept = entries.get(key);
      if (kept) {
        hits++;
        return kept as Row[];
      }
      const rows = await load();
      if (current() === now) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        for (const row of rows) Object.freeze(row);
        entries.set(key, Object.freeze(rows));
      }
      return rows;
    },
    hits: () => hits,
  };

  /** `statement` as Kysely's driver uses it, counting each run of one that writes. */
  const counted = (statement: SQLite.Statement): Statement => {
    if (statement.readonly) return statement as unknown as Statement;
    return {
      reader: statement.reader,
      readonly: false,
      all(parameters) {
        try {
          return statement.all(parameters);
        } finally {
          writes++;
        }
      },
      run(parameters) {
        try {
          return statement.run(parameters);
        } finally {
          writes++;
        }
      },
      iterate(parameters) {
        writes++;
        return statement.iterate(parameters);
      },
    };
  };

  return { memo, counted };
}
