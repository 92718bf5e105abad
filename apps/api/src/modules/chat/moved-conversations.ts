// The conversations moved since a kept list was read, read once for every list that needs them
// (decision 058). A message moves its organisation's lists: with six members signed in, each of
// their six lists read the same moved conversations again, one statement each (under the 200-user
// load about 400 of PostgreSQL's 1,300 statements a second). Here a moved conversation is read
// without a scope, kept with the list clock's mark taken before the read, and given to every list
// until the clock says it moved again; lists being brought up to date at the same moment share one
// statement. Each list keeps only those of its scope (conversationInScope).
import type { ListedConversation } from './conversations-repository.ts';
import type { ListClock, ListMark } from './list-clock.ts';

/** A conversation as read after `mark` (null: there is no such conversation). */
type Kept = { mark: ListMark; listed: ListedConversation | null };

/** A read of some conversations under way, started after `mark`. */
type Running = { mark: ListMark; done: Promise<Map<number, ListedConversation | null>> };

export function createMovedConversations(deps: {
  /** The conversations `ids` as a list shows them, whoever's they are. */
  read: (ids: readonly number[]) => Promise<ListedConversation[]>;
  listClock: Pick<ListClock, 'mark' | 'unmovedSince'>;
  /** Conversations kept at most (the least recently kept go first). */
  maxKept?: number;
}) {
  const { read, listClock } = deps;
  const maxKept = deps.maxKept ?? 5_000;
  const kept = new Map<number, Kept>();
  const running = new Map<number, Running>();

  const keep = (id: number, entry: Kept) => {
    kept.delete(id);
    kept.set(id, entry);
    if (kept.size > maxKept) kept.delete(kept.keys().next().value as number);
  };

  /** Reads `ids` in one statement; others needing them meanwhile join it. */
  const start = (ids: number[]): Running['done'] => {
    // Taken before the read: a write told after it makes what is read here stale.
    const mark = listClock.mark();
    const done = read(ids).then((rows) => {
      const found = new Map<number, ListedConversation | null>(ids.map((id) => [id, null]));
      for (const row of rows) found.set(row.conversation.id, row);
      if (mark) for (const [id, listed] of found) keep(id, { mark, listed });
      return found;
    });
    if (mark) for (const id of ids) running.set(id, { mark, done });
    const forget = () => {
      for (const id of ids) if (running.get(id)?.done === done) running.delete(id);
    };
    done.then(forget, forget);
    return done;
  };

  return {
    /** The conversations `ids` as they are now (null for one that does not exist), whoever's they are. */
    async of(ids: Iterable<number>): Promise<Map<number, ListedConversation | null>> {
      const found = new Map<number, ListedConversation | null>();
      const reads: Promise<void>[] = [];
      const missing: number[] = [];
      for (const id of ids) {
        const entry = kept.get(id);
        if (entry && listClock.unmovedSince(entry.mark, id)) {
          found.set(id, entry.listed);
          continue;
        }
        const under = running.get(id);
        if (under && listClock.unmovedSince(under.mark, id)) {
          reads.push(under.done.then((read) => void found.set(id, read.get(id) ?? null)));
          continue;
        }
        missing.push(id);
      }
      if (missing.length > 0)
        reads.push(
          start(missing).then((read) => {
            for (const id of missing) found.set(id, read.get(id) ?? null);
          }),
        );
      // One Promise.all over the reads joined and started: a failed read rejects here once, handled.
      await Promise.all(reads);
      return found;
    },
  };
}

export type MovedConversations = ReturnType<typeof createMovedConversations>;
