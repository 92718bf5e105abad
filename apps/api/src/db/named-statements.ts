// Named prepared statements on PostgreSQL for the hot reads (`preparedRead`, decision 014). Kysely's
// PostgreSQL driver sends every query unnamed, so the server parses and plans it each time; node-pg
// prepares a query once per connection when it carries a name (measured here: 32k unnamed against
// 54k named queries per second, a quarter less client CPU). The SQL texts that preparedRead registers
// for a database handle get a name, and the pool given to Kysely hands out clients that send those
// texts by name. Bounded: only registered texts, at most MAX_NAMED of them per handle.
import type { PostgresCursor, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

export const MAX_NAMED = 200;

export type StatementNames = {
  /** Gives the text a name (once); false when the registry is full. */
  register(text: string): boolean;
  nameOf(text: string): string | undefined;
  size(): number;
};

export function createStatementNames(max = MAX_NAMED): StatementNames {
  const names = new Map<string, string>();
  return {
    register(text) {
      if (names.has(text)) return true;
      if (names.size >= max) return false;
      names.set(text, `sp_read_${names.size + 1}`);
      return true;
    },
    nameOf: (text) => names.get(text),
    size: () => names.size,
  };
}

// The registry of each Kysely instance that has one (the PostgreSQL handles, see db/index.ts).
const registries = new WeakMap<object, StatementNames>();

export function attachStatementNames(db: object, names: StatementNames): void {
  registries.set(db, names);
}

/** The registry of that Kysely instance; undefined for SQLite, transactions and single connections. */
export function statementNamesOf(db: object): StatementNames | undefined {
  return registries.get(db);
}

/**
 * `pool` as Kysely's PostgresDialect takes it, sending registered texts as named statements. Kysely
 * keeps one connection per client object (a WeakMap), so each pg client gets one stable wrapper.
 */
export function withNamedStatements(
  pool: pg.Pool,
  names: StatementNames,
  /**
   * Called once per connection; what it answers is told of each statement that connection finished
   * (the read memo follows writes and the transactions they are in).
   */
  openSession: (backend: number | null) => (text: string) => void = () => () => undefined,
): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (wrapper) return wrapper;
    const statementDone = openSession((client as pg.PoolClient & { processID?: number | null }).processID ?? null);
    const query = (textOrCursor: string | PostgresCursor<unknown>, parameters: readonly unknown[] = []) => {
      if (typeof textOrCursor !== 'string') return client.query(textOrCursor as unknown as pg.Submittable);
      const name = names.nameOf(textOrCursor);
      const running =
        name === undefined
          ? client.query(textOrCursor, [...parameters])
          : client.query({ name, text: textOrCursor, values: [...parameters] });
      return running.finally(() => statementDone(textOrCursor));
    };
    wrapper = { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
    wrappers.set(client, wrapper);
    return wrapper;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}
