// The answers of the hot access reads (preparedRead), kept until the database changes. Every cached
// read of the API first runs one such read (who the caller is to the organisation, and the revision
// the cached answer is checked against); its answer changes only when something is written. Each
// engine says what "changed" means by a stamp (sqlite-read-memo.ts, postgres-read-memo.ts): all
// answers are dropped when the stamp moves, a read that started under another stamp is not kept, and
// a null stamp (the engine cannot tell right now) bypasses the memo. Rows are frozen: callers share them.

export type ReadMemo = {
  rows<Row>(sql: string, args: readonly unknown[], load: () => Promise<Row[]>): Promise<Row[]>;
  /** Answers taken from the memo so far (tests). */
  hits(): number;
};

const MAX_ENTRIES = 10_000;

export function createReadMemo(stampNow: () => string | null): ReadMemo {
  let hits = 0;
  let stamp: string | null = null;
  const entries = new Map<string, readonly unknown[]>();
  return {
    async rows<Row>(sql: string, args: readonly unknown[], load: () => Promise<Row[]>): Promise<Row[]> {
      const now = stampNow();
      if (now === null) return load();
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
      if (stampNow() === now) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        for (const row of rows) Object.freeze(row);
        entries.set(key, Object.freeze(rows));
      }
      return rows;
    },
    hits: () => hits,
  };
}
