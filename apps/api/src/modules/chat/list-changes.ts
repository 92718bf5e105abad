// Which conversations of a cached list changed (decision 034). A list scope's revision row keeps
// the conversation ids of its last bumps (migration 0027), the last one the current revision's; a
// list cached at revision r of each of its scopes needs, at revision r + n, only the last n
// conversations, if the ids reach back that far. The version of a list is made of the revisions.

/**
 * A list scope's revision (0: no row yet) and the conversations of its last bumps, oldest first, as
 * the engine returns them (recentOf reads them; only a list that changed needs them).
 */
export type ScopeRevision = { revision: number; recent: unknown };

/** The scopes a conversation list is made of: the address's, and the organisation's for a member. */
export type ListState = { version: string; address: ScopeRevision; organisation: ScopeRevision | null };

/** The revisions a cached list was made at. */
export type ListRevisions = { address: number; organisation: number | null };

/** The `recent` column as either engine returns it: an integer[] parsed by pg, or SQLite's text. */
export function recentOf(value: unknown): readonly number[] {
  const ids = typeof value === 'string' ? (value === '' ? [] : value.split(',').map(Number)) : value;
  if (!Array.isArray(ids)) return [];
  // Anything but ids would be a bug elsewhere: no bumps known then, so the whole list is read.
  return ids.every((id) => Number.isSafeInteger(id)) ? (ids as number[]) : [];
}

export function listState(address: ScopeRevision, organisation: ScopeRevision | null): ListState {
  return {
    version: organisation === null ? String(address.revision) : `${address.revision}:${organisation.revision}`,
    address,
    organisation,
  };
}

export const revisionsOf = (state: ListState): ListRevisions => ({
  address: state.address.revision,
  organisation: state.organisation?.revision ?? null,
});

/** The conversations bumped after `from` up to the scope's revision, or null if the ids do not reach back. */
function bumpedSince(from: number, scope: ScopeRevision): readonly number[] | null {
  const wanted = scope.revision - from;
  // Less: the scope's row was deleted and made anew, so start over.
  if (wanted < 0) return null;
  if (wanted === 0) return [];
  const recent = recentOf(scope.recent);
  return wanted > recent.length ? null : recent.slice(recent.length - wanted);
}

/**
 * The conversations to read again to bring a list made at `before` to `now`; null when only
 * reading the whole list will do (the scopes changed, or the ids do not reach back).
 */
export function changedConversations(before: ListRevisions, now: ListState): Set<number> | null {
  if ((before.organisation === null) !== (now.organisation === null)) return null;
  const address = bumpedSince(before.address, now.address);
  const organisation =
    now.organisation === null || before.organisation === null ? [] : bumpedSince(before.organisation, now.organisation);
  if (address === null || organisation === null) return null;
  return new Set([...address, ...organisation]);
}
