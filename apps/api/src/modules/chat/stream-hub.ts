// The open live streams of this process, keyed by organisation and by sponsor address, so an event
// of conversation (organisation, address) is written to that conversation's subscribers only. Events
// arrive from the bus (this process's with the stored row attached; other processes' as ids, loaded
// once here); they are handled one after another so every stream sees them in order, and the unread
// counts they change are recounted beside that queue (scheduleUnread). A stream of a member who has
// left the organisation is closed on the next event (membership cached for 1 s). Changes of a
// sponsorship (`sponsorship.changed`) reach the same two sides as an event `sponsorship`, ids only.
// Each stream keeps a cursor (its newest message id); when the bus comes back after a loss, every open
// stream is replayed from the database what was stored after it, then told `gap` (decision 095).
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents, EventMap } from '../domain-events.ts';
import { sideOf, type Participant } from './access.ts';
import { otherSide, type ChatRepository, type ChatSide, type Counts, type MessageRecord } from './repository.ts';
import { frame, missedMessages, sameMembership, unreadParts, ZERO } from './stream-replay.ts';
import { toMessageWire, toUnreadWire } from './wire.ts';

export const HEARTBEAT_MS = 25_000;
export const RETRY_MS = 3_000;
const MEMBERSHIP_TTL_MS = 1_000;
/** A stream whose client does not read is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Bus events: ids and short fields only (NOTIFY payloads stay small). */
export type ChatBusEvent = EventMap['chat.changed'];

type Connection = {
  participant: Participant;
  raw: ServerResponse;
  /** Frames held back while a resumed stream replays what it missed. */
  held: { frame: string; messageId?: number }[] | null;
  /**
   * The stream's cursor: the highest message id written to it (or, opened without one, the newest
   * stored when it opened). A bus resume replays from here (decision 095).
   */
  cursor: number;
  /** The ids of its last replay: their live events, arriving after it, are not written again. */
  replayed: Set<number>;
  /** The bus came back while the stream was opening: it catches up once it is open. */
  catchUpAfterOpen: boolean;
  /** Frames written in this turn of the event loop, sent together at its end. */
  out: string;
  orgPart: Counts;
  sponsorPart: Counts;
};

export function createStreamHub(deps: { repo: ChatRepository; events: DomainEvents; log: FastifyBaseLogger }) {
  const { repo, log } = deps;
  const byOrganisation = new Map<number, Set<Connection>>();
  const bySponsor = new Map<string, Set<Connection>>();
  // Signed-in users' streams by account, for their own alerts (notifications module).
  const byUser = new Map<string, Set<Connection>>();
  const members = new Map<number, { at: number; subs: Promise<Set<string>> }>();
  let queue: Promise<void> = Promise.resolve();
  // Frames are gathered per stream and written once per turn of the event loop: under load several
  // messages go out in one write (one syscall, one packet) instead of one each; idle, nothing waits.
  const dirty = new Set<Connection>();
  let flushScheduled = false;
  const flushFrames = () => {
    flushScheduled = false;
    for (const conn of dirty) {
      const text = conn.out;
      conn.out = '';
      if (!conn.raw.destroyed) conn.raw.write(text);
    }
    dirty.clear();
  };

  const join = <K>(map: Map<K, Set<Connection>>, key: K, conn: Connection) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(conn);
  };
  const leave = <K>(map: Map<K, Set<Connection>>, key: K, conn: Connection) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) map.delete(key);
  };
  const orgKeyOf = (p: Participant) => (p.kind === 'user' ? p.organisationId : null);

  const remove = (conn: Connection) => {
    const orgId = orgKeyOf(conn.participant);
    if (orgId !== null) leave(byOrganisation, orgId, conn);
    leave(bySponsor, conn.participant.emailNormalized, conn);
    if (conn.participant.kind === 'user') leave(byUser, conn.participant.sub, conn);
  };

  const write = (conn: Connection, text: string, messageId?: number) => {
    if (conn.held) {
      conn.held.push({ frame: text, messageId });
      return;
    }
    if (conn.raw.destroyed) return;
    if (messageId !== undefined) {
      if (conn.replayed.has(messageId)) return;
      if (messageId > conn.cursor) conn.cursor = messageId;
    }
    if (conn.raw.writableLength + conn.out.length > MAX_BUFFERED_BYTES) {
      conn.raw.destroy();
      return;
    }
    conn.out += text;
    dirty.add(conn);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flushFrames);
    }
  };

  const summaryOf = (conn: Connection) =>
    conn.participant.kind === 'guest' ? toUnreadWire(conn.sponsorPart) : toUnreadWire(conn.orgPart, conn.sponsorPart);

  const sendUnread = (conn: Connection) => {
    if (!conn.held) write(conn, frame('unread', summaryOf(conn)));
  };

  const readCounts = async (conn: Connection) => {
    [conn.orgPart, conn.sponsorPart] = await unreadParts(repo, conn.participant);
  };

  const memberSubs = (organisationId: number): Promise<Set<string>> => {
    const cached = members.get(organisationId);
    if (cached && Date.now() - cached.at < MEMBERSHIP_TTL_MS) return cached.subs;
    const subs = repo.listMembers(organisationId).then((rows) => new Set(rows.map((row) => row.sub)));
    members.set(organisationId, { at: Date.now(), subs });
    subs.catch(() => members.delete(organisationId));
    return subs;
  };

  /** The streams of the conversation's two sides (members re-checked), each once. */
  const audience = async (organisationId: number, sponsorEmail: string) => {
    const organisation: Connection[] = [];
    const sponsor: Connection[] = [];
    const orgConnections = byOrganisation.get(organisationId);
    if (orgConnections?.size) {
      const subs = await memberSubs(organisationId);
      for (const conn of orgConnections) {
        if (conn.participant.kind === 'user' && subs.has(conn.participant.sub)) organisation.push(conn);
        else conn.raw.destroy();
      }
    }
    for (const conn of bySponsor.get(sponsorEmail) ?? []) {
      if (organisation.includes(conn)) continue;
      if (sideOf(conn.participant, { organisationId, sponsorEmailNormalized: sponsorEmail }) === 'sponsor') {
        sponsor.push(conn);
      }
    }
    return { organisation, sponsor };
  };

  /** Recomputes the unread part of the side that changed, once per event, for that side's streams. */
  const refreshUnread = async (
    changedSide: ChatSide,
    organisationId: number,
    sponsorEmail: string,
    conns: Connection[],
  ) => {
    if (conns.length === 0) return;
    if (changedSide === 'organisation') {
      const counts = await repo.organisationUnread(organisationId);
      for (const conn of conns) {
        conn.orgPart = counts;
        sendUnread(conn);
      }
      return;
    }
    const users = conns.filter((conn) => conn.participant.kind === 'user');
    const guests = conns.filter((conn) => conn.participant.kind === 'guest');
    const [userCounts, guestCounts] = await Promise.all([
      users.length ? repo.sponsorUnread(sponsorEmail) : ZERO,
      guests.length ? repo.pairUnread(organisationId, sponsorEmail) : ZERO,
    ]);
    for (const conn of users) conn.sponsorPart = userCounts;
    for (const conn of guests) conn.sponsorPart = guestCounts;
    for (const conn of conns) sendUnread(conn);
  };

  // Messages stored by this process, held until their event is delivered (so they need not be read again).
  const heldMessages = new Map<number, MessageRecord>();
  const deliverMessage = async (event: Extract<ChatBusEvent, { k: 'message' }>) => {
    const held = heldMessages.get(event.id);
    heldMessages.delete(event.id);
    const { organisation, sponsor } = await audience(event.o, event.s);
    if (organisation.length === 0 && sponsor.length === 0) return;
    const message = held ?? (await repo.findMessage(event.id));
    if (!message) return;
    const frames = {
      organisation: frame('message', toMessageWire(message, 'organisation'), message.id),
      sponsor: frame('message', toMessageWire(message, 'sponsor'), message.id),
    };
    for (const conn of organisation) write(conn, frames.organisation, message.id);
    for (const conn of sponsor) write(conn, frames.sponsor, message.id);
    // A message leaves the receiving side with more unread and waiting for its answer, and the
    // sending side's own wait answered; notifications are stored read and answer nobody.
    if (message.senderSide === 'system') return;
    const receiver = otherSide(message.senderSide);
    if ((receiver === 'organisation' ? organisation : sponsor).length) scheduleUnread(receiver, event.o, event.s);
    if ((message.senderSide === 'organisation' ? organisation : sponsor).length)
      scheduleUnread(message.senderSide, event.o, event.s);
  };

  const deliverRead = async (event: Extract<ChatBusEvent, { k: 'read' }>) => {
    const { organisation, sponsor } = await audience(event.o, event.s);
    const text = frame('read', { conversation_id: event.c, reader_side: event.side, up_to_id: event.up });
    for (const conn of [...organisation, ...sponsor]) write(conn, text);
    if ((event.side === 'organisation' ? organisation : sponsor).length) scheduleUnread(event.side, event.o, event.s);
  };

  // The unread counts run beside the queue of events, not in it: on PostgreSQL their queries take a
  // few milliseconds under load, and waiting for them before the next event's frames held every
  // message up behind the counts of the ones before (live delivery p99 40-230 ms at 200 msg/s). One
  // recount per side of a conversation runs at a time; events meanwhile ask for one more, which
  // starts after it and so counts everything they stored. Counts may follow later message frames.
  const unreadRuns = new Map<string, { again: boolean; done: Promise<void> }>();
  const scheduleUnread = (side: ChatSide, organisationId: number, sponsorEmail: string) => {
    const key = `${side}\u0000${organisationId}\u0000${sponsorEmail}`;
    const running = unreadRuns.get(key);
    if (running) {
      running.again = true;
      return;
    }
    const run = { again: true, done: Promise.resolve() };
    unreadRuns.set(key, run);
    run.done = (async () => {
      try {
        while (run.again) {
          run.again = false;
          const { organisation, sponsor } = await audience(organisationId, sponsorEmail);
          await refreshUnread(side, organisationId, sponsorEmail, side === 'organisation' ? organisation : sponsor);
        }
      } catch (error) {
        log.error({ err: error }, 'chat unread counts failed');
      } finally {
        unreadRuns.delete(key);
      }
    })();
  };

  // A sponsorship's change goes to the same two sides as its conversation would: the organisation's
  // members (re-checked) and the sponsor address's streams that are that organisation's sponsor.
  const deliverSponsorship = async (event: EventMap['sponsorship.changed']) => {
    const { organisation, sponsor } = await audience(event.o, event.s);
    const text = frame('sponsorship', { sponsorship_id: event.sp, parts: event.p });
    for (const conn of [...organisation, ...sponsor]) write(conn, text);
  };

  const handle = (event: ChatBusEvent) => {
    queue = queue
      .then(() => (event.k === 'message' ? deliverMessage(event) : deliverRead(event)))
      .catch((error: unknown) => log.error({ err: error }, 'chat delivery failed'));
  };
  const unsubscribeChat = deps.events.subscribe('chat.changed', handle);
  const unsubscribeSponsorships = deps.events.subscribe('sponsorship.changed', (event) => {
    queue = queue
      .then(() => deliverSponsorship(event))
      .catch((error: unknown) => log.error({ err: error }, 'sponsorship delivery failed'));
  });
  const unsubscribe = () => {
    unsubscribeChat();
    unsubscribeSponsorships();
  };
  // Messages other processes stored while the bus was cut off never came here as events. Each open
  // stream is replayed what was stored after its cursor, in the queue (so the live events that follow
  // come after it, and those the replay already wrote are skipped), then told `gap`: read marks and
  // sponsorship changes are not replayed, the client refetches them (decision 095).
  const catchUp = async (conn: Connection) => {
    if (!(await sameMembership(repo, conn.participant))) {
      conn.raw.destroy();
      return;
    }
    const missed = await missedMessages(repo, conn.participant, conn.cursor);
    for (const message of missed.messages) write(conn, message.text, message.id);
    conn.replayed = new Set(missed.messages.map((message) => message.id));
    write(conn, frame('gap', { complete: missed.complete }));
    await readCounts(conn);
    sendUnread(conn);
  };
  const stopResumed = deps.events.onResumed(() => {
    for (const conn of all()) if (conn.held) conn.catchUpAfterOpen = true;
    queue = queue
      .then(async () => {
        const open = [...all()].filter((conn) => !conn.held && !conn.raw.destroyed);
        await Promise.all(
          open.map((conn) =>
            catchUp(conn).catch((error: unknown) => {
              log.error({ err: error }, 'chat stream catch-up failed');
              conn.raw.destroy();
            }),
          ),
        );
      })
      .catch((error: unknown) => log.error({ err: error }, 'chat stream catch-up failed'));
  });

  const heartbeat = setInterval(() => {
    for (const set of bySponsor.values()) {
      for (const conn of set) if (!conn.held) write(conn, ': ping\n\n');
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  // Every stream is keyed by its address, so this map holds them all.
  const all = () => new Set([...bySponsor.values()].flatMap((set) => [...set]));

  return {
    /** Keeps a message this process stored for the delivery of its event, which follows at once. */
    holdMessage(message: MessageRecord) {
      heldMessages.set(message.id, message);
    },

    /**
     * Serves an open SSE response: registers it, sends `ready`, replays messages after `lastEventId`
     * (live events meanwhile are held and de-duplicated), then the current unread counts.
     */
    async open(participant: Participant, raw: ServerResponse, lastEventId: number | null): Promise<void> {
      const conn: Connection = {
        participant,
        raw,
        held: [],
        out: '',
        orgPart: ZERO,
        sponsorPart: ZERO,
        cursor: lastEventId ?? 0,
        replayed: new Set(),
        catchUpAfterOpen: false,
      };
      const orgId = orgKeyOf(participant);
      if (orgId !== null) join(byOrganisation, orgId, conn);
      join(bySponsor, participant.emailNormalized, conn);
      if (participant.kind === 'user') join(byUser, participant.sub, conn);
      raw.on('close', () => remove(conn));
      raw.write(`retry: ${RETRY_MS}\n\n`);
      raw.write(frame('ready', { heartbeat_ms: HEARTBEAT_MS }));
      try {
        if (lastEventId !== null) {
          const missed = await missedMessages(repo, participant, lastEventId);
          for (const message of missed.messages) raw.write(message.text);
          conn.replayed = new Set(missed.messages.map((message) => message.id));
          conn.cursor = Math.max(lastEventId, ...conn.replayed);
          // More were missed than one replay sends: the client refetches instead of waiting for them.
          if (!missed.complete) raw.write(frame('gap', { complete: false }));
          await readCounts(conn);
        } else {
          // No cursor from the client: the stream's starts at what is stored now.
          const [newest] = await Promise.all([repo.newestMessageId(), readCounts(conn)]);
          conn.cursor = newest;
        }
        const held = conn.held ?? [];
        conn.held = null;
        // Live events of the replayed messages are skipped (write checks `replayed`).
        for (const item of held) write(conn, item.frame, item.messageId);
        sendUnread(conn);
        if (conn.catchUpAfterOpen) {
          conn.catchUpAfterOpen = false;
          queue = queue
            .then(() => catchUp(conn))
            .catch((error: unknown) => {
              log.error({ err: error }, 'chat stream catch-up failed');
              raw.destroy();
            });
        }
      } catch (error) {
        log.error({ err: error }, 'chat stream failed to start');
        raw.destroy();
      }
    },

    /** Whether the side of conversation (organisation, address) has an open stream in this process. */
    hasAudience(side: ChatSide, organisationId: number, sponsorEmail: string): boolean {
      if (side === 'organisation') return (byOrganisation.get(organisationId)?.size ?? 0) > 0;
      for (const conn of bySponsor.get(sponsorEmail) ?? []) {
        if (sideOf(conn.participant, { organisationId, sponsorEmailNormalized: sponsorEmail }) === 'sponsor')
          return true;
      }
      return false;
    },

    /** Whether the signed-in user has an open stream in this process. */
    hasUser: (sub: string): boolean => (byUser.get(sub)?.size ?? 0) > 0,

    /** Writes an event to the signed-in user's open streams in this process (not to guests). */
    sendToUser(sub: string, event: string, data: unknown): void {
      const conns = byUser.get(sub);
      if (!conns) return;
      const text = frame(event, data);
      for (const conn of conns) write(conn, text);
    },

    /** Open streams (tests and diagnostics). */
    size: () => all().size,

    /** Waits for the events queued so far and the unread counts they asked for (tests). */
    async settled(): Promise<void> {
      await queue;
      while (unreadRuns.size > 0) await Promise.all([...unreadRuns.values()].map((run) => run.done));
    },

    /** Ends every stream (server shutdown), so closing does not wait for clients. */
    close(): void {
      clearInterval(heartbeat);
      unsubscribe();
      stopResumed();
      flushFrames();
      for (const conn of all()) conn.raw.end();
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
