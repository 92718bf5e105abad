// What a live stream missed, read from the database: the messages after its cursor in the
// conversations its participant may see now (decision 095), and its unread counts. Used when a
// client resumes with its last event id and when this process's bus comes back after a loss, for
// every stream still open.
import { scopeOf, sideOf, type Participant } from './access.ts';
import type { ChatRepository, Counts } from './repository.ts';
import { toMessageWire } from './wire.ts';

export const REPLAY_LIMIT = 500;
export const ZERO: Counts = { messages: 0, conversations: 0, unanswered: 0 };

export const frame = (event: string, data: unknown, id?: number) =>
  `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export type Missed = {
  /** Frames of the missed messages, oldest first, each with its message id as the SSE id. */
  messages: { id: number; text: string }[];
  /** False when more were missed than one replay sends: the client must refetch. */
  complete: boolean;
};

export async function missedMessages(repo: ChatRepository, participant: Participant, after: number): Promise<Missed> {
  const rows = await repo.messagesAfter(scopeOf(participant), after, REPLAY_LIMIT);
  const messages: Missed['messages'] = [];
  for (const message of rows) {
    // The scope's query chose them; checked again so no change there can widen what a stream sees.
    const side = sideOf(participant, message);
    if (side) messages.push({ id: message.id, text: frame('message', toMessageWire(message, side), message.id) });
  }
  return { messages, complete: rows.length < REPLAY_LIMIT };
}

/**
 * Whether a signed-in participant's membership is still the one the stream opened with (read from
 * the database, not the hub's 1 s cache): a member removed while the bus was down is replayed
 * nothing of the organisation's conversations. Guests are bound to their link's conversation.
 */
export async function sameMembership(repo: ChatRepository, participant: Participant): Promise<boolean> {
  if (participant.kind === 'guest') return true;
  const membership = await repo.findMembership(participant.sub);
  return (membership?.organisationId ?? null) === participant.organisationId;
}

/** The stream's unread counts: its organisation's side (members) and its sponsor side. */
export async function unreadParts(repo: ChatRepository, participant: Participant): Promise<[Counts, Counts]> {
  const organisationId = participant.kind === 'user' ? participant.organisationId : null;
  return Promise.all([
    organisationId !== null ? repo.organisationUnread(organisationId) : ZERO,
    participant.kind === 'guest'
      ? repo.pairUnread(participant.organisationId, participant.emailNormalized)
      : repo.sponsorUnread(participant.emailNormalized),
  ]);
}
