// Holding an aggregate's rows for the rest of a transaction, the same way on both engines, so that
// two changes of one aggregate run one after the other and each decides on the state the other left
// (decision 059). PostgreSQL: `select … for update` (under read committed a later statement of the
// waiting transaction sees what the first committed). SQLite: its one connection runs one
// transaction at a time, so a plain read inside the transaction is already held (and SQLite has no
// `for update`).
import { SqliteAdapter, type SelectQueryBuilder } from 'kysely';
import type { Db } from './index.ts';

/** `query` as a read that holds the rows it finds until `trx` ends. */
export function heldRows<DB, TB extends keyof DB, O>(
  trx: Db,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return trx.getExecutor().adapter instanceof SqliteAdapter ? query : query.forUpdate();
}
