// The chat's hot queries use an index on both engines (issue 22, point 2; decision 030): the
// queries this module's repositories and writer build, recorded while they answer (test/query-plans.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { T, expectIndexed, planFixture, type PlanFixture } from '../../../test/query-plans.ts';
import { createConversationsRepository } from './conversations-repository.ts';
import { createMessageWriter } from './message-writer.ts';
import { createMessagesRepository } from './messages-repository.ts';

describe.each(ENGINES)('query plans of the chat on %s', (engine) => {
  let f: PlanFixture;
  beforeAll(async () => {
    f = await planFixture(engine);
  }, 120_000);
  afterAll(() => f.database.dispose());

  it('the access checks and the conversation list', async () => {
    const conversations = createConversationsRepository(f.db, engine);
    const access = await f.recorded(async () => {
      await conversations.findMembership(f.sub);
      await conversations.findConversation(f.conversationId);
    });
    expect(access.length).toBeGreaterThanOrEqual(2);
    for (const query of access) await expectIndexed(f.database, query);
    const list = await f.recorded(() =>
      conversations.listConversations({ kind: 'user', organisationId: f.organisationId, emailNormalized: f.email }),
    );
    expect(list).toHaveLength(1);
    // The organisation's conversations or the address's: two index ranges, so their union is sorted
    // (one organisation's conversations, not the table).
    await expectIndexed(f.database, list[0]!, { sorts: true });
  });

  it('a conversation page: the newest 50 and an older page by before=', async () => {
    const messages = createMessagesRepository(f.db);
    const newest = await f.recorded(() => messages.listMessages(f.conversationId, { limit: 50 }));
    const older = await f.recorded(() => messages.listMessages(f.conversationId, { limit: 5, before: 2_000_000 }));
    expect(older[0]!.sql).not.toMatch(/offset/i);
    for (const query of [...newest, ...older]) await expectIndexed(f.database, query);
  });

  it("a message insert's counter update on its conversation", async () => {
    const writer = createMessageWriter(f.db, engine);
    const queries = await f.recorded(() =>
      writer.insertMessage({
        conversationId: f.conversationId,
        senderSide: 'sponsor',
        senderId: null,
        senderName: 'Anna',
        body: 'Neue Nachricht',
        type: 'text',
        sentAt: new Date(T),
        readAt: null,
      }),
    );
    const update = queries.find((q) => /^update "conversations"/.test(q.sql));
    expect(update, queries.map((q) => q.sql).join('\n')).toBeDefined();
    await expectIndexed(f.database, update!);
  });
});
