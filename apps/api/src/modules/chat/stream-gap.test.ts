// Live streams never miss a stored message (issue 56, decision 095): when a process's listening
// connection to the bus drops, messages other processes store meanwhile never reach it as events.
// Once the bus is back, every open stream is replayed from the database what was stored after its
// cursor, in order and once each, then told `gap`; a client reconnecting with its last event id gets
// the same. PostgreSQL only: the in-process bus of SQLite hears every event of its one process (its
// equivalent, the resume with Last-Event-ID, is in stream-resume.test.ts).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { FAST_HASHING } from '../../identity/test-support.ts';
import { createPostgresBus, type MessageBus } from '../../ports/bus/index.ts';
import { joinedMember } from '../invitations/test-support.ts';
import { chatWorld, connectStream, wait, type SseClient } from './test-support.ts';

const messageIds = (client: SseClient) => client.events.filter((e) => e.event === 'message').map((e) => Number(e.id));

if (process.env.TEST_DATABASE_URL) {
  describe('live streams across a dropped bus connection', () => {
    const world = chatWorld('postgres');

    /** Two API processes on the test database, with their own bus channel; a post helper on the writer. */
    const twoProcesses = async () => {
      const { t } = world;
      const channel = `gap_test_${randomBytes(4).toString('hex')}`;
      const connection = { connectionString: t.database.url };
      const buses: MessageBus[] = [];
      const start = async (reconnectMs: { min: number; max: number }) => {
        const bus = createPostgresBus({ connection, db: t.database.db, channel, reconnectMs });
        buses.push(bus);
        const app = await buildApp({
          config: t.config,
          database: t.database,
          webDistDir: null,
          logger: false,
          clock: t.clock,
          passwordHashing: FAST_HASHING,
          bus,
        });
        const url = await app.listen({ port: 0, host: '127.0.0.1' });
        await bus.ready();
        return { app, url, bus };
      };
      const writer = await start({ min: 50, max: 200 });
      // The reader stays deaf for 1.5 s after the cut, so what the tests store meanwhile is not heard live.
      const reader = await start({ min: 1500, max: 1500 });
      const post = async (conversationId: number, message: string) => {
        const res = await writer.app.inject({
          method: 'POST',
          url: `/api/conversation/${conversationId}/message`,
          headers: { authorization: `Bearer ${world.organiser.token}` },
          payload: { message },
        });
        expect(res.statusCode).toBe(201);
        return res.json<{ id: number }>().id;
      };
      // Both processes' listening connections are cut; the writer's own streams hear their own events.
      const cutListeners = async () => {
        const { rows } = await sql<{ cut: boolean }>`select pg_terminate_backend(pid) as cut from pg_stat_activity
          where datname = current_database() and query = ${`LISTEN ${channel}`}`.execute(t.database.db);
        expect(rows.length).toBe(2);
      };
      const close = async () => {
        await writer.app.close();
        await reader.app.close();
        for (const bus of buses) await bus.close();
      };
      return { writer, reader, post, cutListeners, close };
    };

    it('replays into the open stream what was stored while the bus was cut off: in order, once each', async () => {
      const { inviteGuest, guestConversation, streams } = world;
      const p = await twoProcesses();
      try {
        const guest = await inviteGuest();
        const otherGuest = await inviteGuest();
        const { id } = await guestConversation(guest.header);
        const { id: otherId } = await guestConversation(otherGuest.header);
        const onReader = await connectStream(p.reader.url, '/api/stream', { authorization: guest.header });
        streams.push(onReader);
        await onReader.next((e) => e.event === 'unread');
        const before = await p.post(id, 'Vor der Lücke');
        await onReader.next((e) => e.event === 'message' && e.id === String(before));

        await p.cutListeners();
        const during: number[] = [];
        for (const text of ['Eins', 'Zwei', 'Drei']) {
          during.push(await p.post(id, `In der Lücke: ${text}`));
          // Another sponsor's conversation of the same organisation: never this guest's.
          await p.post(otherId, `Für jemand anderen: ${text}`);
        }
        expect(p.reader.bus.listening()).toBe(false);

        // The same stream, not a new one: the replay comes once the bus is back, then `gap`.
        await onReader.next((e) => e.event === 'gap', 5000);
        const after = await p.post(id, 'Nach der Lücke');
        await onReader.next((e) => e.event === 'message' && e.id === String(after));
        expect(messageIds(onReader)).toEqual([before, ...during, after]);
        const texts = onReader.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data).message);
        expect(texts.some((text: string) => text.startsWith('Für jemand anderen'))).toBe(false);
        const gap = onReader.events.find((e) => e.event === 'gap')!;
        expect(JSON.parse(gap.data)).toEqual({ complete: true });
        // The counts after the replay count what it replayed.
        const lastUnread = onReader.events.filter((e) => e.event === 'unread').at(-1)!;
        expect(JSON.parse(lastUnread.data).unread_messages).toBeGreaterThanOrEqual(during.length + 1);

        // A client that reconnects with its last event id meanwhile gets the same, once each.
        const resumed = await connectStream(p.reader.url, '/api/stream', {
          authorization: guest.header,
          'last-event-id': String(before),
        });
        streams.push(resumed);
        await resumed.next((e) => e.event === 'unread');
        expect(messageIds(resumed)).toEqual([...during, after]);
        onReader.close();
        resumed.close();
      } finally {
        await p.close();
      }
    });

    it('a client that was away during the cut gets what it missed with Last-Event-ID, in order, once each', async () => {
      const { inviteGuest, guestConversation, streams } = world;
      const p = await twoProcesses();
      try {
        const guest = await inviteGuest();
        const { id } = await guestConversation(guest.header);
        const first = await p.post(id, 'Erste');
        await p.cutListeners();
        const during = [await p.post(id, 'Zweite'), await p.post(id, 'Dritte')];
        // Reconnects while the reader's bus may still be down, then stays open across its return.
        const resumed = await connectStream(p.reader.url, '/api/stream', {
          authorization: guest.header,
          'last-event-id': String(first),
        });
        streams.push(resumed);
        await resumed.next((e) => e.event === 'unread');
        await wait(400);
        const after = await p.post(id, 'Vierte');
        await resumed.next((e) => e.event === 'message' && e.id === String(after), 5000);
        expect(messageIds(resumed)).toEqual([...during, after]);
        resumed.close();
      } finally {
        await p.close();
      }
    });

    it('never replays to a member removed while the bus was down, and ends that stream', async () => {
      const { t, organiser, inviteGuest, guestConversation, streams } = world;
      const p = await twoProcesses();
      try {
        const member = await joinedMember(t, organiser);
        const guest = await inviteGuest();
        const { id } = await guestConversation(guest.header);
        const onReader = await connectStream(p.reader.url, '/api/stream', {
          authorization: `Bearer ${member.token}`,
        });
        streams.push(onReader);
        await onReader.next((e) => e.event === 'unread');
        const before = await p.post(id, 'Noch im Team');
        await onReader.next((e) => e.event === 'message' && e.id === String(before));

        await p.cutListeners();
        const removed = await p.writer.app.inject({
          method: 'DELETE',
          url: `/api/users/${organiser.organisationId}/${member.sub}`,
          headers: { authorization: `Bearer ${organiser.token}` },
        });
        expect(removed.statusCode).toBe(204);
        const during = await p.post(id, 'Nicht mehr für Sie');
        expect(p.reader.bus.listening()).toBe(false);

        await Promise.race([onReader.ended, wait(5000)]);
        expect(onReader.events.some((e) => e.id === String(during))).toBe(false);
        expect(messageIds(onReader)).toEqual([before]);
        // Nothing came, and the stream was ended: the client's reconnect is checked from scratch.
        await onReader.ended;
      } finally {
        await p.close();
      }
    });
  });
}
