// Reads on the hot paths (the access checks every request runs before a cached answer) whose SQL is
// the same on every call: building and compiling a Kysely query cost about as much as running it on
// SQLite (decision 013), so the compiled query is kept and only its parameter values change. On
// PostgreSQL its SQL text is also registered as a named prepared statement of the database handle,
// so the server parses and plans it once per connection (decision 014). On SQLite its answers are
// kept until anything is written (sqlite-read-memo.ts): callers must not change the rows.
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { readingFresh } from '../lib/fresh-reads.ts';
import { bindsExactly } from './compiled-once.ts';
import { statementNamesOf } from './named-statements.ts';
import { readMemoOf } from './index.ts';
import { tablesReadBy } from './read-memo.ts';

type Executor = { executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> };

/** The SQL of the prepared reads of this process that could not be kept (see below). */
const notKept = new Set<string>();

/**
 * The SQL of every prepared read that turned out not reusable since the process started: a test
 * that runs the hot paths expects none (a query that binds an argument twice silently cost a third
 * of the conversation list's rate in session 11).
 */
export const preparedReadsNotKept = (): string[] => [...notKept];

/**
 * `build(...args)` compiled once. `build` must put each argument into the query as a bind
 * parameter, in order, and its SQL must not depend on the arguments otherwise; the first call
 * checks that the compiled parameters are exactly the arguments, and compiles every call anew if
 * they are not (e.g. a value written into the SQL text), so a wrong use is slow, never wrong.
 * `db` should be the handle's Kysely instance (not a transaction) for the statement to be named.
 * `dependsOn` maps the tables the SQL names to what its answer depends on in the read memo (e.g.
 * `factsOnly`, written-tables.ts: the answer selects a conversation's facts, not its activity).
 * `memo: false` keeps the answers out of the read memo (bounded by count, not bytes): for reads whose
 * answers are large and kept elsewhere already.
 */
export function preparedRead<Args extends readonly unknown[], Row>(
  db: Executor,
  build: (...args: Args) => Compilable<Row>,
  options: { dependsOn?: (tables: readonly string[]) => readonly string[]; memo?: boolean } = {},
): (...args: Args) => Promise<Row[]> {
  // undefined: not compiled yet; null: this query cannot be reused.
  let kept: CompiledQuery<Row> | null | undefined;
  let tables: readonly string[] | undefined;
  // On SQLite the answers are kept until the next write (sqlite-read-memo.ts).
  const memo = options.memo === false ? undefined : readMemoOf(db);
  return async (...args) => {
    if (kept) {
      const reusable = kept;
      const load = async () => (await db.executeQuery<Row>({ ...reusable, parameters: args })).rows;
      // A read that fills the read cache is never answered from the memo (lib/fresh-reads.ts).
      return memo && !readingFresh() ? memo.rows(reusable.sql, args, load, tables) : load();
    }
    const compiled = build(...args).compile();
    if (kept === undefined) {
      kept = bindsExactly(compiled, args) ? compiled : null;
      if (options.dependsOn) tables = options.dependsOn(tablesReadBy(compiled.sql));
      if (kept) statementNamesOf(db)?.register(kept.sql);
      else notKept.add(compiled.sql);
    }
    return (await db.executeQuery<Row>(compiled)).rows;
  };
}
