// The read memo's stamp on SQLite (read-memo.ts): the database changed when
// - this process wrote: every statement that is not read-only counts, when it has run (inside a
//   transaction too: Kysely's one SQLite connection runs nothing else until it commits);
// - any other connection or process wrote (`npm run admin`, a second server on the same file):
//   SQLite's `PRAGMA data_version` changes. It is asked at most every 50 ms: asked on every use it
//   was 10 % of a cached read under load. So another process's write (an operator's command) reaches
//   the access checks within 50 ms; the server itself has one connection, so its writes count at once.
import type SQLite from 'better-sqlite3';
import { createReadMemo } from './read-memo.ts';

type Statement = {
  reader: boolean;
  readonly: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SQLite.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
};

/** How long a read of PRAGMA data_version is trusted (other processes' writes). */
export const DATA_VERSION_TRUSTED_MS = 50;

export function createSqliteReadMemo(sqlite: SQLite.Database) {
  let writes = 0;
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let version: unknown = null;
  let versionReadAt = -Infinity;
  const memo = createReadMemo(() => {
    const now = performance.now();
    if (now - versionReadAt >= DATA_VERSION_TRUSTED_MS) {
      version = dataVersion.get();
      versionReadAt = now;
    }
    return `${writes}:${String(version)}`;
  });

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
