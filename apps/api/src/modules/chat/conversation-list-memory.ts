// The rows of the conversation lists this process answered last, each as its JSON, with the list
// scopes' revisions they were read at (decision 034). When a list's version has moved, the chat
// service reads again only the conversations bumped since (list-changes.ts) and puts the list
// together from these rows: under the 200-user load a list of 150 conversations was read, mapped,
// checked and serialized whole after nearly every post, most of the server's work on PostgreSQL.
// Bounded by bytes, least recently used first out; losing an entry only costs one whole read.
import type { ListRevisions } from './list-changes.ts';
import type { ListMark } from './list-clock.ts';

/** One conversation of a list as sent, with what the list is ordered by. */
export type ListRow = { id: number; updatedAt: number; json: string };

/**
 * What a kept list was read at: the list scopes' revisions (null: not read with it), and where the
 * list clock stood (decision 053; null: not told).
 */
export type ListReadAt = { revisions: ListRevisions | null; told: ListMark | null };

type Entry = ListReadAt & { rows: readonly ListRow[]; bytes: number };

/** The list's order: newest activity first, then the higher id (as the list's SQL orders it). */
const newestFirst = (a: ListRow, b: ListRow) => b.updatedAt - a.updatedAt || b.id - a.id;

/** `rows` with the conversations `changed` replaced by `fresh` (those still in the scope), in the list's order. */
export function withChanges(
  rows: readonly ListRow[],
  changed: ReadonlySet<number>,
  fresh: readonly ListRow[],
): ListRow[] {
  return [...rows.filter((row) => !changed.has(row.id)), ...fresh].sort(newestFirst);
}

/** The list's JSON array from its rows' JSON. */
export const listJson = (rows: readonly ListRow[]): Buffer => Buffer.from(`[${rows.map((row) => row.json).join(',')}]`);

export function createConversationListMemory(options: { maxBytes: number }) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    get(key: string): Entry | undefined {
      const entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry;
    },

    set(key: string, readAt: ListReadAt, rows: readonly ListRow[]): void {
      remove(key);
      const size = rows.reduce((sum, row) => sum + 2 * row.json.length + 32, 2 * key.length);
      if (size > options.maxBytes / 4) return; // one huge list must not empty the memory
      entries.set(key, { ...readAt, rows, bytes: size });
      bytes += size;
      while (bytes > options.maxBytes) remove(entries.keys().next().value as string);
    },
  };
}

export type ConversationListMemory = ReturnType<typeof createConversationListMemory>;
