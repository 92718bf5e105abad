import { describe, expect, it } from 'vitest';
import { listJson, withChanges, type ListRow } from './conversation-list-memory.ts';
import { changedConversations, listState, recentOf, revisionsOf, type ScopeRevision } from './list-changes.ts';

const scope = (revision: number, recent: number[]): ScopeRevision => ({ revision, recent });

describe('changedConversations', () => {
  // Revisions 1-3 of the address bumped 10, 11, 10; revisions 4-7 of the organisation 20, 21, 22, 20.
  const address = scope(3, [10, 11, 10]);
  const organisation = scope(7, [20, 21, 22, 20]);

  it('names the conversations of the bumps after the cached revisions, in both scopes', () => {
    const now = listState(address, organisation);
    expect(now.version).toBe('3:7');
    expect(changedConversations({ address: 3, organisation: 7 }, now)).toEqual(new Set());
    expect(changedConversations({ address: 2, organisation: 5 }, now)).toEqual(new Set([10, 22, 20]));
    expect(changedConversations({ address: 0, organisation: 3 }, now)).toEqual(new Set([10, 11, 20, 21, 22]));
  });

  it('gives up (null) where the ids do not reach back', () => {
    const now = listState(address, organisation);
    expect(changedConversations({ address: 3, organisation: 2 }, now)).toBeNull(); // revision 3 is not kept
    // A scope from before the ids were kept: the ids of its last two revisions only.
    const migrated = listState(scope(41, [5, 6]), null);
    expect(changedConversations({ address: 39, organisation: null }, migrated)).toEqual(new Set([5, 6]));
    expect(changedConversations({ address: 38, organisation: null }, migrated)).toBeNull();
  });

  it('gives up when the list is made of other scopes now, or a revision went back', () => {
    expect(changedConversations({ address: 3, organisation: null }, listState(address, organisation))).toBeNull();
    expect(changedConversations({ address: 3, organisation: 7 }, listState(address, null))).toBeNull();
    expect(changedConversations({ address: 5, organisation: null }, listState(address, null))).toBeNull();
  });

  it('reads the ids as either engine returns them', () => {
    expect(recentOf('5,6,5')).toEqual([5, 6, 5]);
    expect(recentOf([3, 7])).toEqual([3, 7]);
    expect(recentOf('')).toEqual([]);
    expect(recentOf(null)).toEqual([]);
    expect(recentOf('1,x')).toEqual([]);
    expect(revisionsOf(listState(scope(2, []), scope(0, [])))).toEqual({ address: 2, organisation: 0 });
  });
});

describe('withChanges', () => {
  const row = (id: number, updatedAt: number): ListRow => ({ id, updatedAt, json: JSON.stringify({ id, updatedAt }) });

  it('replaces, drops and adds the changed conversations and keeps newest activity first', () => {
    const rows = [row(3, 300), row(2, 200), row(1, 100)];
    const next = withChanges(rows, new Set([1, 2, 9]), [row(1, 400), row(9, 200)]);
    expect(next.map((r) => [r.id, r.updatedAt])).toEqual([
      [1, 400],
      [3, 300],
      [9, 200],
    ]);
    // Equal times: the higher id first, as the list's SQL orders them.
    expect(withChanges([row(4, 50)], new Set([5]), [row(5, 50)]).map((r) => r.id)).toEqual([5, 4]);
    expect(JSON.parse(listJson(next).toString())).toEqual([
      { id: 1, updatedAt: 400 },
      { id: 3, updatedAt: 300 },
      { id: 9, updatedAt: 200 },
    ]);
    expect(listJson([]).toString()).toBe('[]');
  });
});
