// The answers of the hot access reads (preparedRead), kept until the database changes. Every cached
// read of the API first runs one such read (who the caller is to the organisation, and the revision
// the cached answer is checked against); its answer changes only when something is written. Each
// engine says what "changed" means (sqlite-read-memo.ts, postgres-read-memo.ts):
// - by a stamp: all answers are dropped when it moves, and a null stamp (the engine cannot tell
//   right now) bypasses the memo;
// - by table (`changed`): an answer is dropped when a table its SQL reads from was written after the
//   answer's read began (the tables named after `from` and `join`; none named: any write drops it).
// A read that began before a change of what it depends on is not kept. Rows are frozen: callers share them.
// The same read asked again while it is running joins it, unless a change of what it depends on was
// noted since it began (decision 044): after a message batch, the 30-odd users of one account asked
// for their list's revisions at once, and each ran the statement (one per conversation-list read
// under the 200-user load). A joined answer is as fresh as a kept one: nothing it depends on changed
// since its read began, as far as this process knows.

export type ReadMemo = {
  /** `tables`: what the answer depends on, when not the tables its SQL names (preparedRead's `dependsOn`). */
  rows<Row>(
    sql: string,
    args: readonly unknown[],
    load: () => Promise<Row[]>,
    tables?: readonly string[],
  ): Promise<Row[]>;
  /** These tables were (or are being) written, or 'all' when it is not known which: answers that read them are dropped. */
  changed(tables: Iterable<string> | 'all'): void;
  /**
   * Calls `listener` each time `table` is noted as written (or every table is): only where writes are
   * noted by table (PostgreSQL); undefined where a stamp moves instead (SQLite).
   */
  watch?: (table: string, listener: () => void) => void;
  /** What `changed` was not told: moves when the engine may have missed writes (null: cannot tell now). */
  stamp(): string | null;
  /** Answers taken from the memo so far (tests). */
  hits(): number;
  /** Reads that joined one already running so far (tests). */
  joined(): number;
};

const MAX_ENTRIES = 10_000;
/** Stands for "every table" in the change clock: a write whose tables are not known. */
const ANY = '\u0000any';

/** The tables a SELECT reads, by name (Kysely quotes them; raw SQL may not). */
export function tablesReadBy(sql: string): string[] {
  const tables = new Set<string>();
  for (const match of sql.matchAll(/\b(?:from|join)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/gi)) tables.add(match[1]!);
  return [...tables];
}

type Entry = { rows: readonly unknown[]; tables: readonly string[]; readAt: number };
type Running = { rows: Promise<readonly unknown[]>; tables: readonly string[]; readAt: number; stamp: string };
/** One SQL's answers, by its arguments (argsKey). */
type Slot = { tables: readonly string[]; kept: Map<ArgsKey, Entry>; running: Map<ArgsKey, Running> };
type ArgsKey = number | string;

/**
 * The arguments as a Map key: a lone number as itself (most hot reads take one id), else their JSON
 * (a string, so never equal to a number). Answers are found per SQL first, by the SQL string that
 * preparedRead keeps (its hash is computed once): a key made of the whole SQL and the arguments was
 * hashed anew on every read (decision 056).
 */
const argsKey = (args: readonly unknown[]): ArgsKey =>
  args.length === 1 && typeof args[0] === 'number' ? args[0] : JSON.stringify(args);

export function createReadMemo(stampNow: () => string | null, options: { byTable?: boolean } = {}): ReadMemo {
  let hits = 0;
  const watchers = new Map<string, (() => void)[]>();
  const tell = (table: string) => {
    for (const listener of watchers.get(table) ?? []) listener();
  };
  let joined = 0;
  let stamp: string | null = null;
  const slots = new Map<string, Slot>();
  let keptCount = 0;
  const forgetAll = () => {
    for (const slot of slots.values()) slot.kept.clear();
    keptCount = 0;
  };
  // A clock of changes: each `changed` ticks it and notes the tick per table.
  let clock = 0;
  const changedAt = new Map<string, number>();
  const unchangedSince = (tables: readonly string[], readAt: number) => {
    if ((changedAt.get(ANY) ?? 0) > readAt) return false;
    if (tables.length === 0) return clock <= readAt;
    return tables.every((table) => (changedAt.get(table) ?? 0) <= readAt);
  };
  return {
    async rows<Row>(
      sql: string,
      args: readonly unknown[],
      load: () => Promise<Row[]>,
      dependsOn?: readonly string[],
    ): Promise<Row[]> {
      const now = stampNow();
      if (now === null) return load();
      if (now !== stamp) {
        forgetAll();
        stamp = now;
      }
      let slot = slots.get(sql);
      if (!slot) {
        // Callers that build SQL anew on every call would grow this without end. Emptied first, so
        // that the count of kept answers starts again from none.
        if (slots.size >= MAX_ENTRIES) {
          forgetAll();
          slots.clear();
        }
        slots.set(sql, (slot = { tables: tablesReadBy(sql), kept: new Map(), running: new Map() }));
      }
      const tables = dependsOn ?? slot.tables;
      const key = argsKey(args);
      const { kept: keptBySlot, running } = slot;
      const kept = keptBySlot.get(key);
      if (kept && unchangedSince(kept.tables, kept.readAt)) {
        hits++;
        return kept.rows as Row[];
      }
      const ongoing = running.get(key);
      if (ongoing && ongoing.stamp === now && unchangedSince(ongoing.tables, ongoing.readAt)) {
        joined++;
        return (await ongoing.rows) as Row[];
      }
      const readAt = clock;
      const read = load().then((rows) => {
        for (const row of rows) Object.freeze(row);
        return Object.freeze(rows);
      });
      running.set(key, { rows: read, tables, readAt, stamp: now });
      try {
        const rows = await read;
        if (stampNow() === now && unchangedSince(tables, readAt)) {
          if (keptCount >= MAX_ENTRIES) forgetAll();
          if (!keptBySlot.has(key)) keptCount++;
          keptBySlot.set(key, { rows, tables, readAt });
        } else if (kept && keptBySlot.delete(key)) keptCount--;
        return rows as Row[];
      } finally {
        if (running.get(key)?.rows === read) running.delete(key);
      }
    },
    changed(tables) {
      clock++;
      if (tables === 'all') changedAt.set(ANY, clock);
      else for (const table of tables) changedAt.set(table, clock);
      if (watchers.size === 0) return;
      if (tables === 'all') for (const table of watchers.keys()) tell(table);
      else for (const table of new Set(tables)) tell(table);
    },
    watch: options.byTable
      ? (table, listener) => watchers.set(table, [...(watchers.get(table) ?? []), listener])
      : undefined,
    stamp: stampNow,
    hits: () => hits,
    joined: () => joined,
  };
}
