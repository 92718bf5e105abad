import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, createTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { createChatRepository, type ChatRepository, type MessageRecord } from './repository.ts';

describe.each(ENGINES)('message group commits on %s', (engine) => {
  let database: TestDatabase;
  let repo: ChatRepository;
  let organisationId: number;
  // Batches that failed and were written one by one: none but where a message cannot be stored.
  const retried: unknown[] = [];
  const start = new Date('2026-03-01T10:00:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    repo = createChatRepository(database.db, engine, { onBatchRetried: (error) => retried.push(error) });
    const organisation = await database.db
      .insertInto('organisations')
      .values({
        name: 'Sportverein',
        street: 'Hauptstraße',
        house_number: '1',
        postal_code: '10115',
        city: 'Berlin',
        country: 'DE',
        phone_number: null,
        created_at: start.toISOString(),
        updated_at: start.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    organisationId = organisation.id;
  });
  afterAll(() => database.dispose());

  let sponsors = 0;
  const newConversation = async () =>
    repo.findOrCreateConversation(organisationId, `s${++sponsors}@example.org`, `s${sponsors}@example.org`, start);
  const message = (
    conversationId: number,
    senderSide: MessageRecord['senderSide'],
    at: number,
    read = false,
  ): Omit<MessageRecord, 'id'> => ({
    conversationId,
    senderSide,
    senderId: null,
    senderName: senderSide,
    body: `${senderSide} ${at}`,
    type: senderSide === 'system' ? 'notification' : 'text',
    sentAt: new Date(start.getTime() + at * 1000),
    readAt: read ? new Date(start.getTime() + at * 1000) : null,
  });

  it('writes what arrives together in one batch: ids in arrival order, exact counters, newest id and time', async () => {
    const a = await newConversation();
    const b = await newConversation();
    const sent = [
      message(a.id, 'organisation', 1),
      message(b.id, 'sponsor', 2),
      message(a.id, 'sponsor', 3),
      message(a.id, 'system', 4, true),
      message(b.id, 'sponsor', 5),
      message(a.id, 'organisation', 6),
      message(b.id, 'organisation', 7, true),
      // What an array literal must escape (PostgreSQL's batch sends each column as one array).
      { ...message(b.id, 'sponsor', 8), body: 'Zitat: "ja", {Klammer} \\ Schrägstrich\nNULL ,' },
      { ...message(a.id, 'sponsor', 9), senderId: 'sub-1', senderName: 'NULL' },
    ];
    // Started in one turn of the event loop: one batch.
    const stored = await Promise.all(sent.map((m) => repo.insertMessage(m)));
    const ids = stored.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(sent.length);
    expect(retried).toEqual([]);
    stored.forEach((m, i) => expect(m).toEqual({ ...sent[i], id: m.id }));

    for (const m of stored) expect(await repo.findMessage(m.id)).toEqual(m);
    const afterA = await repo.findConversation(a.id);
    expect(afterA).toMatchObject({
      lastMessageId: ids[8],
      unreadFromOrganisation: 2,
      unreadFromSponsor: 2,
      updatedAt: sent[8]!.sentAt,
    });
    const afterB = await repo.findConversation(b.id);
    expect(afterB).toMatchObject({
      lastMessageId: ids[7],
      unreadFromOrganisation: 0,
      unreadFromSponsor: 3,
      updatedAt: sent[7]!.sentAt,
    });
    expect((await repo.listMessages(a.id, { limit: 10 })).messages.map((m) => m.id)).toEqual([
      ids[0],
      ids[2],
      ids[3],
      ids[5],
      ids[8],
    ]);
  });

  it('never moves the newest id back, and keeps the counters exact across batches and read marks', async () => {
    const c = await newConversation();
    const first = await Promise.all([1, 2, 3].map((at) => repo.insertMessage(message(c.id, 'sponsor', at))));
    expect(await repo.markRead(c.id, 'organisation', new Date())).toBe(first[2]!.id);
    // A newest id written by another process's later transaction stays when this batch commits lower ids.
    const ahead = first[2]!.id + 1_000_000;
    await database.db.updateTable('conversations').set({ last_message_id: ahead }).where('id', '=', c.id).execute();
    const second = await Promise.all([4, 5].map((at) => repo.insertMessage(message(c.id, 'sponsor', at))));
    expect(second[0]!.id).toBeGreaterThan(first[2]!.id);
    expect(retried).toEqual([]);
    expect(await repo.findConversation(c.id)).toMatchObject({ lastMessageId: ahead, unreadFromSponsor: 2 });
  });

  it('fails only the message that cannot be stored when a batch fails, and stores the others', async () => {
    const d = await newConversation();
    const results = await Promise.allSettled([
      repo.insertMessage(message(d.id, 'sponsor', 1)),
      repo.insertMessage(message(999_999_999, 'sponsor', 2)),
      repo.insertMessage(message(d.id, 'organisation', 3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(retried).toHaveLength(1);
    const [ok1, , ok3] = results as PromiseFulfilledResult<MessageRecord>[];
    expect(ok3!.value.id).toBeGreaterThan(ok1!.value.id);
    expect(await repo.findConversation(d.id)).toMatchObject({
      lastMessageId: ok3!.value.id,
      unreadFromOrganisation: 1,
      unreadFromSponsor: 1,
    });
    expect((await repo.listMessages(d.id, { limit: 10 })).messages.map((m) => m.body)).toEqual([
      'sponsor 1',
      'organisation 3',
    ]);
  });
});
