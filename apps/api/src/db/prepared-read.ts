// Reads on the hot paths (the access checks every request runs before a cached answer) whose SQL is
// the same on every call: building and compiling a Kysely query cost about as much as running it on
// SQLite (decision 013), so the compiled query is kept and only its parameter values change.
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';

type Executor = { executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> };

/**
 * `build(...args)` compiled once. `build` must put each argument into the query as a bind
 * parameter, in order, and its SQL must not depend on the arguments otherwise; the first call
 * checks that the compiled parameters are exactly the arguments, and compiles every call anew if
 * they are not (e.g. a value written into the SQL text), so a wrong use is slow, never wrong.
 */
export function preparedRead<Args extends readonly unknown[], Row>(
  db: Executor,
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  // undefined: not compiled yet; null: this query cannot be reused.
  let kept: CompiledQuery<Row> | null | undefined;
  return async (...args) => {
    if (kept) return (await db.executeQuery<Row>({ ...kept, parameters: args })).rows;
    const compiled = build(...args).compile();
    if (kept === undefined) {
      const same =
        compiled.parameters.length === args.length &&
        compiled.parameters.every((value, i) => Object.is(value, args[i]));
      kept = same ? compiled : null;
    }
    return (await db.executeQuery<Row>(compiled)).rows;
  };
}
