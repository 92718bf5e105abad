// Live streams never miss a stored message (issue 56): when a process's listening connection to the
// bus drops, messages other processes store meanwhile never reach it as events. Once the bus is back,
// the process ends its open streams, and the client's reconnect with its last event id replays them
// from the database. PostgreSQL only: the in-process bus of SQLite hears every event of its process;
// on SQLite the test is not defined (not skipped).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { FAST_HASHING } from '../../identity/test-support.ts';
import { createPostgresBus, type MessageBus } from '../../ports/bus/index.ts';
import { chatWorld, connectStream, wait, type SseClient } from './test-support.ts';

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)),
  ]);

if (process.env.TEST_DATABASE_URL) {
  describe('a live stream across a dropped bus connection', () => {
    const world = chatWorld('postgres');

    it('replays the messages stored while the bus was cut off once it is back', async () => {
      const { t, organiser, inviteGuest, guestConversation, streams } = world;
      const channel = `gap_test_${randomBytes(4).toString('hex')}`;
      const connection = { connectionString: t.database.url };
      const buses: MessageBus[] = [];
      const start = async () => {
        const bus = createPostgresBus({ connection, db: t.database.db, channel, reconnectMs: { min: 50, max: 200 } });
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
        return { app, url };
      };
      const writer = await start();
      const reader = await start();
      try {
        const guest = await inviteGuest();
        const { id } = await guestConversation(guest.header);
        const post = async (message: string) => {
          const res = await writer.app.inject({
            method: 'POST',
            url: `/api/conversation/${id}/message`,
            headers: { authorization: `Bearer ${organiser.token}` },
            payload: { message },
          });
          expect(res.statusCode).toBe(201);
          return res.json<{ id: number }>().id;
        };
        let onReader: SseClient = await connectStream(reader.url, '/api/stream', { authorization: guest.header });
        streams.push(onReader);
        await onReader.next((e) => e.event === 'unread');
        const before = await post('Vor der Lücke');
        await onReader.next((e) => e.event === 'message' && e.id === String(before));

        // Both processes' listening connections are cut; the writer's own streams hear their own events.
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = ${`LISTEN ${channel}`}`.execute(t.database.db);
        const during = await post('In der Lücke');

        // The reader's stream ends once its bus is back; the client reconnects with its last event id.
        await within(onReader.ended, 5000, 'the stream ends after the bus is back');
        expect(onReader.events.some((e) => e.id === String(during))).toBe(false);
        onReader = await connectStream(reader.url, '/api/stream', {
          authorization: guest.header,
          'last-event-id': String(before),
        });
        streams.push(onReader);
        const replayed = await onReader.next((e) => e.event === 'message' && e.id === String(during));
        expect(JSON.parse(replayed.data)).toMatchObject({ message: 'In der Lücke', from_me: false });

        // And live delivery works again across the processes.
        await wait(50);
        const after = await post('Nach der Lücke');
        await onReader.next((e) => e.event === 'message' && e.id === String(after));
        onReader.close();
      } finally {
        await writer.app.close();
        await reader.app.close();
        for (const bus of buses) await bus.close();
      }
    });
  });
}
