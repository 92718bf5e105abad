// The shape of one invariant (index.ts lists them).
import type { Db } from '../db/index.ts';

export type InvariantContext = {
  /** Dates and times after this are "in the future". */
  now: Date;
};

export type Invariant = {
  /** Stable name, `<aggregate>.<rule>`: what the admin command prints and the tests name. */
  name: string;
  /** The rule in one sentence. */
  statement: string;
  /** The violating rows, one human-readable line each; empty when the rule holds. Reads only. */
  check: (db: Db, context: InvariantContext) => Promise<string[]>;
};

/** PostgreSQL answers counts and sums as strings or numbers, SQLite as numbers. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
