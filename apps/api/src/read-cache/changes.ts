// What tells the read cache (index.ts) that the database changed: a clock of changes, ticked per
// table a write reached ('all' when it is not known which), and whether memory can be trusted right
// now. Each engine's feed (sqlite-changes.ts, postgres-changes.ts) ticks it; the cache only asks.

/** Stands for "every table": a write whose tables are not known. */
const ANY = '\u0000any';

export type Changes = {
  /** Whether kept answers may be served and new ones kept now (false: every read goes to the database). */
  trusted(): boolean;
  /** The clock now: taken before a load reads anything. */
  mark(): number;
  /** Whether one of `tables` (or any table) was written after `mark` was taken. */
  changedSince(tables: readonly string[], mark: number): boolean;
  /** These tables were (or are being) written, or 'all': answers that read them are dropped. */
  changed(tables: Iterable<string> | 'all'): void;
  close(): Promise<void>;
};

export function createChangeClock(): Omit<Changes, 'trusted' | 'close'> {
  let clock = 0;
  const changedAt = new Map<string, number>();
  return {
    mark: () => clock,
    changedSince(tables, mark) {
      if ((changedAt.get(ANY) ?? 0) > mark) return true;
      for (const table of tables) if ((changedAt.get(table) ?? 0) > mark) return true;
      return false;
    },
    changed(tables) {
      clock++;
      if (tables === 'all') changedAt.set(ANY, clock);
      else for (const table of tables) changedAt.set(table, clock);
    },
  };
}

/** For a database handle without a feed (a transaction, a test's second connection): nothing is kept. */
export const NEVER_TRUSTED: Changes = {
  trusted: () => false,
  mark: () => 0,
  changedSince: () => true,
  changed: () => undefined,
  close: async () => undefined,
};
