// A revision per conversation, moved by every chat write to it (decision 043): the version a cached
// page of its messages is checked against, instead of reading the conversation row on each request.
// This process moves it as its own writes commit (store, mark read), so it reads its own writes at
// once; other processes' writes move it when their `chat.changed` event arrives over the bus. An
// event lost on the way (a NOTIFY that failed, the bus reconnecting) or a write made outside the chat
// (an operator's SQL on messages) is caught by the time in the version: no answer is trusted longer
// than `trustMs`.

export function createChatClock(options: { trustMs: number; maxConversations?: number; now?: () => number }) {
  const maxConversations = options.maxConversations ?? 100_000;
  const now = options.now ?? Date.now;
  const revisions = new Map<number, number>();
  // Forgetting the revisions would bring old versions back; a new era makes them all new instead.
  let era = 0;
  return {
    /** A write to the conversation committed (here or, told by the bus, in another process). */
    moved(conversationId: number): void {
      if (!revisions.has(conversationId) && revisions.size >= maxConversations) {
        revisions.clear();
        era++;
      }
      revisions.set(conversationId, (revisions.get(conversationId) ?? 0) + 1);
    },
    /** Other processes' writes may have been missed (the bus was cut off): every kept version is old. */
    forgetAll(): void {
      revisions.clear();
      era++;
    },
    /** The version of the conversation's messages as this process knows it now. */
    version(conversationId: number): string {
      return `${era}:${revisions.get(conversationId) ?? 0}:${Math.floor(now() / options.trustMs)}`;
    },
  };
}

export type ChatClock = ReturnType<typeof createChatClock>;
