// The stream hub's order of work: each message's frames go out as soon as its event is handled, not
// after the unread counts of the messages before it (on PostgreSQL those queries take milliseconds
// under load, and waiting for them held live delivery up by 40-230 ms at 200 messages/s).
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../test/helpers.ts';
import { createInProcessBus } from '../../ports/bus/in-process.ts';
import { createDomainEvents } from '../domain-events.ts';
import type { GuestParticipant } from './access.ts';
import { createChatRepository, type MessageRecord } from './repository.ts';
import { createStreamHub } from './stream-hub.ts';
import { wait } from './test-support.ts';

/** What the hub uses of an SSE response, collecting what is written. */
function response() {
  const emitter = new EventEmitter();
  let text = '';
  const raw = Object.assign(emitter, {
    destroyed: false,
    writableLength: 0,
    write(chunk: string) {
      text += chunk;
      return true;
    },
    end() {
      raw.destroyed = true;
    },
    destroy() {
      raw.destroyed = true;
    },
  });
  return { raw: raw as unknown as ServerResponse, text: () => text };
}

const messageIds = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));

describe.each(ENGINES)('chat stream hub on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => database.close());

  it('writes each message at once while the unread counts of earlier ones are still being read', async () => {
    const repo = createChatRepository(database.db, engine);
    // The real counts, held back while `hold` is pending (a slow database under load).
    let hold: Promise<void> = Promise.resolve();
    let countsAsked = 0;
    const slowRepo = {
      ...repo,
      pairUnread: async (organisationId: number, email: string) => {
        countsAsked++;
        await hold;
        return repo.pairUnread(organisationId, email);
      },
    };
    const log = Fastify({ logger: false }).log;
    const events = createDomainEvents(createInProcessBus(), log);
    const hub = createStreamHub({ repo: slowRepo, events, log });
    const guest: GuestParticipant = {
      kind: 'guest',
      email: 'a@x.example',
      emailNormalized: 'a@x.example',
      organisationId: 7,
    };
    const stream = response();
    await hub.open(guest, stream.raw, null);
    hold = new Promise<void>(() => undefined);
    countsAsked = 0;

    const message = (id: number): MessageRecord => ({
      id,
      conversationId: 1,
      senderSide: 'organisation',
      senderId: 'sub-1',
      senderName: 'Orga',
      body: `Nachricht ${id}`,
      type: 'text',
      sentAt: new Date(),
      readAt: null,
    });
    for (const id of [101, 102, 103]) {
      hub.holdMessage(message(id));
      await events.publish('chat.changed', { k: 'message', id, c: 1, o: 7, s: 'a@x.example' });
    }
    await wait(50);
    expect(messageIds(stream.text())).toEqual([101, 102, 103]);
    // One recount runs (held); the messages meanwhile asked for one more, not one each.
    expect(countsAsked).toBe(1);
    hub.close();
  });
});
