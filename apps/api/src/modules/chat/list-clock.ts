// The conversation lists' versions without a round trip (decision 053, PostgreSQL): a revision per
// list scope (an address's, an organisation's), moved by this process's chat writes once they have
// committed (message batches, read marks, new conversations: their statements are marked LIST_TOLD),
// and an era that every other write reaching the lists moves for all of them: an organisation
// renamed, an operator's SQL, another process's writes (whose table notices carry no scope). Those
// arrive as the read memo's `chat_lists_untold` changes, as promptly as the memo's own answers change
// (decisions 014, 029). Where the memo cannot tell (SQLite, or the notice listener down) there is no
// version here and the list's version is read from the database as before (decision 034).
import type { ReadMemo } from '../../db/read-memo.ts';
import type { ConversationScope } from './records.ts';

/** What reaches `chat_list_revisions` without being told here, by the read memo (written-tables.ts). */
export const UNTOLD_LIST_CHANGES = 'chat_lists_untold';

/** Where the clock stood when a list was read: the conversations moved since are all it needs again. */
export type ListMark = { stamp: string; era: number; moves: number };

/** A told write: its conversation and the scopes it is in. */
type Move = { id: number; organisationId: number; address: string };

export function createListClock(
  memo: Pick<ReadMemo, 'watch' | 'stamp'>,
  options: { maxScopes?: number; keptMoves?: number } = {},
) {
  const maxScopes = options.maxScopes ?? 100_000;
  const keptMoves = options.keptMoves ?? 4096;
  const revisions = new Map<string, number>();
  // Per conversation, the number of its last told move in this era (unmovedSince).
  const lastMoves = new Map<number, number>();
  // The last told writes of the era, a ring: moves n is at n % keptMoves while n > moves - keptMoves.
  const log: Move[] = [];
  let moves = 0;
  // Forgetting the revisions would bring old versions back; a new era makes them all new instead.
  let era = 0;
  const newEra = () => {
    revisions.clear();
    lastMoves.clear();
    log.length = 0;
    moves = 0;
    era++;
  };
  memo.watch?.(UNTOLD_LIST_CHANGES, newEra);
  const move = (scope: string) => {
    if (!revisions.has(scope) && revisions.size >= maxScopes) newEra();
    revisions.set(scope, (revisions.get(scope) ?? 0) + 1);
  };
  const revision = (scope: string) => revisions.get(scope) ?? 0;

  return {
    /** A told write to the conversation of the organisation and the address committed. */
    moved(conversation: { id: number; organisationId: number; sponsorEmailNormalized: string }): void {
      if (!lastMoves.has(conversation.id) && lastMoves.size >= maxScopes) newEra();
      move(`o:${conversation.organisationId}`);
      move(`s:${conversation.sponsorEmailNormalized}`);
      lastMoves.set(conversation.id, moves);
      log[moves % keptMoves] = {
        id: conversation.id,
        organisationId: conversation.organisationId,
        address: conversation.sponsorEmailNormalized,
      };
      moves++;
    },

    /** Where the clock stands now (null when it cannot tell); taken with the version, before the read. */
    mark(): ListMark | null {
      const stamp = memo.watch ? memo.stamp() : null;
      return stamp === null ? null : { stamp, era, moves };
    },

    /**
     * The conversations of the scope's list moved since `mark` (with others of its address's, which
     * reading by the scope leaves out), or null when the clock cannot tell: a new era or stamp since,
     * or more moves than it keeps.
     */
    movedSince(mark: ListMark, scope: ConversationScope): Set<number> | null {
      if (mark.era !== era || mark.stamp !== memo.stamp() || moves - mark.moves > keptMoves) return null;
      const organisationId = scope.kind === 'user' ? scope.organisationId : null;
      const changed = new Set<number>();
      for (let n = mark.moves; n < moves; n++) {
        const move = log[n % keptMoves]!;
        if (move.address === scope.emailNormalized || move.organisationId === organisationId) changed.add(move.id);
      }
      return changed;
    },

    /**
     * Whether what was read of the conversation after `mark` was taken is still what it is: no told
     * write to it since, and no untold write to any list (a new era or stamp).
     */
    unmovedSince(mark: ListMark, id: number): boolean {
      return mark.era === era && mark.stamp === memo.stamp() && (lastMoves.get(id) ?? -1) < mark.moves;
    },

    /** Whether versions can be told now (else version() is null). */
    told: (): boolean => memo.watch !== undefined && memo.stamp() !== null,

    /**
     * The version of the scope's list as this process knows it, or null when it cannot know (no
     * table notices, or not listening right now): the caller reads it from the database then.
     */
    version(scope: ConversationScope): string | null {
      const stamp = memo.watch ? memo.stamp() : null;
      if (stamp === null) return null;
      // "t" keeps these apart from the database's revisions, which the same key gets while not listening.
      const address = revision(`s:${scope.emailNormalized}`);
      return scope.kind === 'user' && scope.organisationId !== null
        ? `t${stamp}.${era}.${address}.${revision(`o:${scope.organisationId}`)}`
        : `t${stamp}.${era}.${address}`;
    },
  };
}

export type ListClock = ReturnType<typeof createListClock>;
