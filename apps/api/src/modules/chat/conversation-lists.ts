// The conversation lists (GET /conversation, GET /token/conversation) for the read cache: the key,
// the version, and a load that brings a list this process answered before up to date from the
// conversations moved since (decision 034). The version comes from the list clock where it can tell
// (decision 053, PostgreSQL), and so do the conversations moved since the kept list was read; else
// from the list scopes' revisions in the database.
import { ZConversation } from '@sp/shared';
import { scopeOf, sideOf, type Participant } from './access.ts';
import { listJson, withChanges, type ConversationListMemory, type ListRow } from './conversation-list-memory.ts';
import type { ListedConversation } from './conversations-repository.ts';
import { changedConversations, revisionsOf, type ListState } from './list-changes.ts';
import type { ListClock, ListMark } from './list-clock.ts';
import type { MovedConversations } from './moved-conversations.ts';
import { conversationInScope, type ChatSide } from './records.ts';
import type { ChatRepository } from './repository.ts';
import { toConversationWire } from './wire.ts';

export function createConversationLists(deps: {
  repo: ChatRepository;
  listMemory: ConversationListMemory;
  listClock: ListClock;
  /** The moved conversations read once for every list (decision 058). */
  moved: MovedConversations;
}) {
  const { repo, listMemory, listClock, moved } = deps;
  // A conversation's JSON per side, made once for every list given the same read (the moved ones).
  const jsonBySide = new WeakMap<ListedConversation, Map<ChatSide, string>>();
  const jsonOf = (listed: ListedConversation, side: ChatSide): string => {
    let sides = jsonBySide.get(listed);
    if (!sides) jsonBySide.set(listed, (sides = new Map()));
    let json = sides.get(side);
    if (json === undefined) {
      json = JSON.stringify(ZConversation.parse(toConversationWire(listed.conversation, side, listed.last)));
      sides.set(side, json);
    }
    return json;
  };

  /**
   * The list's JSON, from the kept rows and the conversations moved since they were read: told by
   * the clock when `told` is given and it reaches back that far, else by the scopes' revisions (read
   * now when not given); the whole list when neither can tell.
   */
  const listJsonOf = async (
    participant: Participant,
    key: string,
    at: { told: ListMark | null; state?: ListState },
  ): Promise<Buffer> => {
    const scope = scopeOf(participant);
    const toRow = (listed: ListedConversation): ListRow => ({
      id: listed.conversation.id,
      updatedAt: listed.conversation.updatedAt.getTime(),
      json: jsonOf(listed, sideOf(participant, listed.conversation) ?? 'sponsor'),
    });
    const before = listMemory.get(key);
    const toldChanges = before?.told && at.told ? listClock.movedSince(before.told, scope) : null;
    if (before && toldChanges) {
      // Read once for every list that needs them now; this list keeps those of its scope.
      const fresh = toldChanges.size === 0 ? [] : [...(await moved.of(toldChanges)).values()];
      const inScope = fresh.filter(
        (listed): listed is ListedConversation => listed !== null && conversationInScope(scope, listed.conversation),
      );
      const rows = withChanges(before.rows, toldChanges, inScope.map(toRow));
      // The revisions stay those of an older read: the ids bumped since them include these.
      listMemory.set(key, { revisions: before.revisions, told: at.told }, rows);
      return listJson(rows);
    }
    const state = at.state ?? (await repo.listState(scope));
    const changed = before?.revisions ? changedConversations(before.revisions, state) : null;
    const rows =
      before && changed
        ? withChanges(before.rows, changed, (await repo.listConversationsByIds(scope, [...changed])).map(toRow))
        : (await repo.listConversations(scope)).map(toRow);
    listMemory.set(key, { revisions: revisionsOf(state), told: at.told }, rows);
    return listJson(rows);
  };

  return {
    /**
     * Key, version and load for the read cache (lib/read-cache.ts, sendJson). The version is the
     * clock's where it can tell (no round trip), else `list`'s (read with the membership) or read now.
     */
    async listing(participant: Participant, list?: ListState) {
      const scope = scopeOf(participant);
      const key = `conversations:${JSON.stringify(scope)}`;
      // Version and mark together, before the load reads anything.
      const version = list ? null : listClock.version(scope);
      const told = version === null ? null : listClock.mark();
      if (version !== null && told !== null)
        return { key, version, load: async () => ({ json: await listJsonOf(participant, key, { told }) }) };
      const state = list ?? (await repo.listState(scope));
      return {
        key,
        version: state.version,
        load: async () => ({ json: await listJsonOf(participant, key, { told: null, state }) }),
      };
    },

    /** Whether the clock tells versions now: the caller need not read them with the membership. */
    told: (): boolean => listClock.told(),
  };
}
