// The moved conversations read once for every list (decision 058): one statement for the lists
// brought up to date at the same moment, kept until the list clock says the conversation moved.
import { describe, expect, it } from 'vitest';
import type { ListedConversation } from './conversations-repository.ts';
import { createListClock } from './list-clock.ts';
import { createMovedConversations } from './moved-conversations.ts';

const listed = (id: number, body: string): ListedConversation => ({
  conversation: {
    id,
    organisationId: 7,
    organisationName: 'Verein',
    sponsorEmail: `s${id}@firma.de`,
    sponsorEmailNormalized: `s${id}@firma.de`,
    sponsorName: null,
    updatedAt: new Date(0),
    lastMessageId: 1,
    unreadFromOrganisation: 0,
    unreadFromSponsor: 0,
  },
  last: null,
  ...{ body },
});

/** A fake database: the current body of each conversation, and each read's ids. */
function world() {
  const bodies = new Map<number, string>([
    [1, 'a'],
    [2, 'b'],
  ]);
  const reads: number[][] = [];
  let failNext = false;
  let stamp: string | null = 's';
  let untold: (() => void) | undefined;
  const clock = createListClock({
    stamp: () => stamp,
    watch: (_table, listener) => void (untold = listener),
  });
  const moved = createMovedConversations({
    read: async (ids) => {
      reads.push([...ids]);
      await new Promise((r) => setTimeout(r, 5));
      if (failNext) {
        failNext = false;
        throw new Error('read failed');
      }
      return ids.filter((id) => bodies.has(id)).map((id) => listed(id, bodies.get(id)!));
    },
    listClock: clock,
    maxKept: 3,
  });
  const write = (id: number, body: string) => {
    bodies.set(id, body);
    clock.moved({ id, organisationId: 7, sponsorEmailNormalized: `s${id}@firma.de` });
  };
  const bodiesOf = (found: Map<number, ListedConversation | null>) =>
    Object.fromEntries([...found].map(([id, l]) => [id, l ? (l as ListedConversation & { body: string }).body : null]));
  return {
    moved,
    reads,
    write,
    bodiesOf,
    fail: () => (failNext = true),
    untold: () => untold?.(),
    setStamp: (s: string | null) => (stamp = s),
  };
}

describe('the moved conversations', () => {
  it('reads once for the lists that need them at the same moment, and keeps them until they move', async () => {
    const w = world();
    const [first, second] = await Promise.all([w.moved.of([1, 2]), w.moved.of([2, 1])]);
    expect(w.reads).toEqual([[1, 2]]);
    expect(w.bodiesOf(first)).toEqual({ 1: 'a', 2: 'b' });
    expect(w.bodiesOf(second)).toEqual({ 2: 'b', 1: 'a' });
    // Kept: no read.
    expect(w.bodiesOf(await w.moved.of([1]))).toEqual({ 1: 'a' });
    expect(w.reads).toHaveLength(1);
    // A told write to 2: only 2 is read again, and its new state is given.
    w.write(2, 'b2');
    expect(w.bodiesOf(await w.moved.of([1, 2]))).toEqual({ 1: 'a', 2: 'b2' });
    expect(w.reads).toEqual([[1, 2], [2]]);
  });

  it('does not join a read that started before the conversation moved', async () => {
    const w = world();
    const early = w.moved.of([1]);
    w.write(1, 'a2');
    const late = w.moved.of([1]);
    // The early read may or may not see the write; the late one must.
    expect(w.bodiesOf(await late)).toEqual({ 1: 'a2' });
    await early;
    expect(w.reads).toEqual([[1], [1]]);
  });

  it('gives null for a conversation that does not exist, and reads again after an untold write', async () => {
    const w = world();
    expect(w.bodiesOf(await w.moved.of([1, 9]))).toEqual({ 1: 'a', 9: null });
    await w.moved.of([1, 9]);
    expect(w.reads).toHaveLength(1);
    w.untold();
    await w.moved.of([1]);
    expect(w.reads).toEqual([[1, 9], [1]]);
    // Not listening (no stamp): nothing is kept.
    w.setStamp(null);
    await w.moved.of([1]);
    await w.moved.of([1]);
    expect(w.reads).toHaveLength(4);
  });

  it('fails every list joined to a failed read once, and reads again next time', async () => {
    const w = world();
    w.fail();
    const results = await Promise.allSettled([w.moved.of([1]), w.moved.of([1, 2])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(w.bodiesOf(await w.moved.of([1]))).toEqual({ 1: 'a' });
    expect(w.reads).toEqual([[1], [2], [1]]);
  });

  it('keeps at most its bound, the least recently kept going first', async () => {
    const w = world();
    for (const id of [1, 2, 3, 4]) await w.moved.of([id]);
    expect(w.reads).toHaveLength(4);
    await w.moved.of([4, 3, 2]);
    expect(w.reads).toHaveLength(4);
    await w.moved.of([1]);
    expect(w.reads).toHaveLength(5);
  });
});
