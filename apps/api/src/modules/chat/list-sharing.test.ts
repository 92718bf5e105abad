// The moved conversations shared by every list (decision 058): read without a scope and filtered by
// conversationInScope, which must select what the list's SQL selects (both engines); on PostgreSQL,
// two members' kept lists brought up to date after a message read it once, and answer what a whole
// read answers.
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { readMemoOf } from '../../db/index.ts';
import { uniqueEmail } from '../../identity/test-support.ts';
import { normaliseEmail } from '../../lib/email.ts';
import { conversationInScope, type ConversationScope } from './records.ts';
import { createChatRepository } from './repository.ts';
import { chatWorld, statementSpy } from './test-support.ts';

describe.each(ENGINES)('the scope of a shared moved conversation on %s', (engine) => {
  const world = chatWorld(engine);

  it('keeps for each scope exactly the conversations its list reads', async () => {
    const { t, organiser, other, sponsor, call } = world;
    const repo = createChatRepository(t.database.db, engine);
    const start = async (token: string, email: string) =>
      (await call('POST', `/api/conversation/${encodeURIComponent(email)}`, token)).json().id as number;
    const stranger = uniqueEmail('stranger');
    const made = [
      await start(organiser.token, sponsor.email),
      await start(organiser.token, stranger),
      await start(other.token, sponsor.email),
      await start(other.token, uniqueEmail('elsewhere')),
    ];
    const mine = (await repo.findMembership(organiser.sub))!.organisationId!;
    const theirs = (await repo.findMembership(other.sub))!.organisationId!;
    const sponsorAddress = normaliseEmail(sponsor.email);
    const scopes: ConversationScope[] = [
      { kind: 'user', organisationId: mine, emailNormalized: normaliseEmail(organiser.email) },
      { kind: 'user', organisationId: mine, emailNormalized: sponsorAddress },
      { kind: 'user', organisationId: theirs, emailNormalized: stranger },
      { kind: 'user', organisationId: null, emailNormalized: sponsorAddress },
      { kind: 'user', organisationId: null, emailNormalized: uniqueEmail('nobody') },
      { kind: 'guest', organisationId: mine, emailNormalized: sponsorAddress },
      { kind: 'guest', organisationId: theirs, emailNormalized: sponsorAddress },
      { kind: 'guest', organisationId: mine, emailNormalized: normaliseEmail(other.email) },
    ];
    const everyone = await repo.listedConversationsByIds(made);
    expect(everyone.map((l) => l.conversation.id).sort()).toEqual([...made].sort());
    for (const scope of scopes) {
      const bySql = (await repo.listConversationsByIds(scope, made)).map((l) => l.conversation.id).sort();
      const byScope = everyone
        .filter((l) => conversationInScope(scope, l.conversation))
        .map((l) => l.conversation.id)
        .sort();
      expect({ scope, ids: byScope }).toEqual({ scope, ids: bySql });
    }
    // Not vacuous: the scopes select different sets, some empty, some not.
    const sizes = new Set(
      scopes.map((scope) => everyone.filter((l) => conversationInScope(scope, l.conversation)).length),
    );
    expect(sizes.size).toBeGreaterThan(2);
  });
});

describe('the moved conversations shared by lists on postgres', () => {
  const world = chatWorld('postgres', {
    plantsViolations: 'an untold write sets an unread count by plain SQL, as another process would',
  });

  it("reads a message's conversation once for two members' kept lists, which answer as a whole read does", async () => {
    const { t, organiser, colleague, sponsor, call, eventually } = world;
    const list = async (token: string) => {
      const res = await call('GET', '/api/conversation', token);
      expect(res.statusCode).toBe(200);
      return res.json() as { id: number; unread_count: number; message: { text?: string } | null }[];
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      await eventually(
        async () => readMemoOf(t.database.db)!.stamp(),
        (stamp) => stamp !== null,
      ),
    ).not.toBeNull();
    const id = (await call('POST', `/api/conversation/${encodeURIComponent(sponsor.email)}`, organiser.token)).json()
      .id as number;
    await settle();
    await Promise.all([list(organiser.token), list(colleague.token)]);

    const { statements, spied } = statementSpy();
    const movedReads = () => statements.filter((text) => text.includes('any(cast('));
    // A few tries: an untold write of the app meanwhile rightly makes the lists read whole.
    let reads: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(
        (await call('POST', `/api/conversation/${id}/message`, sponsor.token, { message: `Hallo ${attempt}` }))
          .statusCode,
      ).toBe(201);
      const [forOrganiser, forColleague] = await spied(async () => [
        await list(organiser.token),
        await list(colleague.token),
      ]);
      for (const answered of [forOrganiser, forColleague])
        expect(answered.find((c) => c.id === id)).toMatchObject({ unread_count: attempt });
      reads = movedReads();
      const whole = statements.filter((text) => text.includes('chat_list_revisions'));
      if (whole.length === 0) break;
    }
    // The colleague's list was brought up to date from what the organiser's read.
    expect(reads).toHaveLength(1);
    await settle();
    // What a list read whole says (a new era: every list is read whole).
    await t.database.db.updateTable('conversations').set({ unread_from_sponsor: 3 }).where('id', '=', id).execute();
    const wholeRead = await list(colleague.token);
    expect(wholeRead.find((c) => c.id === id)).toMatchObject({ unread_count: 3 });
  });
});
