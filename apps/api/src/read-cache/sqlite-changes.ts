// The read cache's changes on SQLite (changes.ts):
// - this process's writes: every statement SQLite does not call read-only ticks the clock for all
//   tables once it has run. The server has one connection and Kysely runs nothing else on it until a
//   transaction ends, so a read that could see the write starts after the tick.
// - any other connection's writes (an operator's SQL, `npm run admin`, a worker thread): SQLite's
//   `PRAGMA data_version` moves; it is asked at most every DATA_VERSION_TRUSTED_MS, before a kept
//   answer is served (asked on every use it was 10 % of a cached read under load).
import type SQLite from 'better-sqlite3';
import { createChangeClock, type Changes } from './changes.ts';

/** How long a read of PRAGMA data_version is trusted: well inside the contract's second. */
export const DATA_VERSION_TRUSTED_MS = 50;

type Statement = {
  reader: boolean;
  readonly: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SQLite.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
};

export function createSqliteChanges(sqlite: SQLite.Database) {
  const clock = createChangeClock();
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let version: unknown = dataVersion.get();
  let versionReadAt = performance.now();
  const changes: Changes = {
    ...clock,
    trusted() {
      const now = performance.now();
      if (now - versionReadAt >= DATA_VERSION_TRUSTED_MS) {
        const read = dataVersion.get();
        versionReadAt = now;
        if (read !== version) {
          version = read;
          clock.changed('all');
        }
      }
      return sqlite.open;
    },
    close: async () => undefined,
  };

  /** `statement` as Kysely's driver uses it, ticking the clock after each run of one that writes. */
  const counted = (statement: SQLite.Statement): Statement => {
    if (statement.readonly) return statement as unknown as Statement;
    const wrote = () => clock.changed('all');
    return {
      reader: statement.reader,
      readonly: false,
      all(parameters) {
        try {
          return statement.all(parameters);
        } finally {
          wrote();
        }
      },
      run(parameters) {
        try {
          return statement.run(parameters);
        } finally {
          wrote();
        }
      },
      iterate(parameters) {
        wrote();
        return statement.iterate(parameters);
      },
    };
  };

  return { changes, counted };
}
