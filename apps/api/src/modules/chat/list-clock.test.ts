// The conversation lists' versions told by this process (decision 053): moved by told chat writes,
// all of them by any untold write, none where the read memo cannot tell; and, on PostgreSQL, a kept
// list answered after a message elsewhere without a statement on the lists, yet fresh after told and
// untold writes to it.
import { describe, expect, it } from 'vitest';
import { readMemoOf } from '../../db/index.ts';
import { uniqueEmail } from '../../identity/test-support.ts';
import { createListClock } from './list-clock.ts';
import { chatWorld, statementSpy } from './test-support.ts';

/** A read memo's watch and stamp, driven by the test. */
function fakeMemo() {
  let untold: (() => void) | undefined;
  const memo = {
    stamp: 'a' as string | null,
    watch: (table: string, listener: () => void) => {
      if (table === 'chat_lists_untold') untold = listener;
    },
  };
  return { memo, untold: () => untold?.(), clockMemo: { watch: memo.watch, stamp: () => memo.stamp } };
}

const member = { kind: 'user', organisationId: 7, emailNormalized: 'anna@verein.de' } as const;
const sponsorOnly = { kind: 'user', organisationId: null, emailNormalized: 'bob@firma.de' } as const;
const guest = { kind: 'guest', organisationId: 7, emailNormalized: 'bob@firma.de' } as const;

describe('the list clock', () => {
  it("moves the organisation's and the address's lists with a told write, and no others", () => {
    const { clockMemo } = fakeMemo();
    const clock = createListClock(clockMemo);
    const before = [clock.version(member), clock.version(sponsorOnly), clock.version(guest)];
    clock.moved({ id: 1, organisationId: 8, sponsorEmailNormalized: 'carla@firma.de' });
    expect([clock.version(member), clock.version(sponsorOnly), clock.version(guest)]).toEqual(before);
    clock.moved({ id: 2, organisationId: 7, sponsorEmailNormalized: 'bob@firma.de' });
    const after = [clock.version(member), clock.version(sponsorOnly), clock.version(guest)];
    after.forEach((version, i) => expect(version).not.toBe(before[i]));
  });

  it('moves every list on an untold write and when the memo reconnects, and tells nothing without notices', () => {
    const fake = fakeMemo();
    const clock = createListClock(fake.clockMemo);
    expect(clock.told()).toBe(true);
    const seen = new Set([clock.version(member)]);
    fake.untold();
    seen.add(clock.version(member));
    fake.memo.stamp = 'b';
    seen.add(clock.version(member));
    expect(seen.size).toBe(3);
    // The listener is down: versions come from the database meanwhile.
    fake.memo.stamp = null;
    expect(clock.told()).toBe(false);
    expect(clock.version(member)).toBeNull();
    // SQLite's memo has a stamp and no watch: never told.
    const sqlite = createListClock({ stamp: () => 'stamp' });
    expect(sqlite.told()).toBe(false);
    expect(sqlite.version(member)).toBeNull();
  });

  it('starts a new era instead of forgetting revisions, so no version comes back', () => {
    const { clockMemo } = fakeMemo();
    const clock = createListClock(clockMemo, { maxScopes: 4 });
    const seen = new Set<string | null>([clock.version(member)]);
    for (let i = 0; i < 10; i++) {
      clock.moved({ id: i, organisationId: 7, sponsorEmailNormalized: `x${i}@firma.de` });
      const version = clock.version(member);
      expect(seen.has(version)).toBe(false);
      seen.add(version);
    }
  });
});

describe("the list clock's moves", () => {
  it('tells the conversations of a scope moved since a mark, and nothing it cannot reach back to', () => {
    const fake = fakeMemo();
    const clock = createListClock(fake.clockMemo, { keptMoves: 3 });
    const mark = clock.mark()!;
    clock.moved({ id: 1, organisationId: 7, sponsorEmailNormalized: 'carla@firma.de' });
    clock.moved({ id: 2, organisationId: 8, sponsorEmailNormalized: 'bob@firma.de' });
    clock.moved({ id: 3, organisationId: 8, sponsorEmailNormalized: 'dora@firma.de' });
    // The member's organisation (7) and address (anna: none); bob's address in any organisation.
    expect(clock.movedSince(mark, member)).toEqual(new Set([1]));
    expect(clock.movedSince(mark, sponsorOnly)).toEqual(new Set([2]));
    expect(clock.movedSince(mark, guest)).toEqual(new Set([2]));
    const later = clock.mark()!;
    expect(clock.movedSince(later, member)).toEqual(new Set());
    clock.moved({ id: 4, organisationId: 7, sponsorEmailNormalized: 'erik@firma.de' });
    // Four moves since the first mark, three kept: the clock cannot tell.
    expect(clock.movedSince(mark, member)).toBeNull();
    expect(clock.movedSince(later, member)).toEqual(new Set([4]));
    // An untold write or a reconnection: nothing told across it.
    fake.untold();
    expect(clock.movedSince(later, member)).toBeNull();
    const afterUntold = clock.mark()!;
    fake.memo.stamp = 'b';
    expect(clock.movedSince(afterUntold, member)).toBeNull();
    fake.memo.stamp = null;
    expect(clock.mark()).toBeNull();
  });
});

describe("the list clock's conversations", () => {
  it('says a conversation read after a mark is unchanged until a told write to it or any untold write', () => {
    const fake = fakeMemo();
    const clock = createListClock(fake.clockMemo);
    clock.moved({ id: 1, organisationId: 7, sponsorEmailNormalized: 'carla@firma.de' });
    const mark = clock.mark()!;
    // Moved before the mark: what was read after it has the write.
    expect(clock.unmovedSince(mark, 1)).toBe(true);
    clock.moved({ id: 2, organisationId: 7, sponsorEmailNormalized: 'bob@firma.de' });
    expect(clock.unmovedSince(mark, 1)).toBe(true);
    expect(clock.unmovedSince(mark, 2)).toBe(false);
    clock.moved({ id: 1, organisationId: 7, sponsorEmailNormalized: 'carla@firma.de' });
    expect(clock.unmovedSince(mark, 1)).toBe(false);
    const later = clock.mark()!;
    expect(clock.unmovedSince(later, 1)).toBe(true);
    fake.untold();
    expect(clock.unmovedSince(later, 1)).toBe(false);
    const afterUntold = clock.mark()!;
    fake.memo.stamp = 'b';
    expect(clock.unmovedSince(afterUntold, 3)).toBe(false);
  });

  it('starts a new era when it would keep more conversations than its bound', () => {
    const fake = fakeMemo();
    const clock = createListClock(fake.clockMemo, { maxScopes: 3 });
    const mark = clock.mark()!;
    clock.moved({ id: 1, organisationId: 7, sponsorEmailNormalized: 'a@firma.de' });
    clock.moved({ id: 2, organisationId: 7, sponsorEmailNormalized: 'a@firma.de' });
    expect(clock.unmovedSince(mark, 9)).toBe(true);
    clock.moved({ id: 3, organisationId: 7, sponsorEmailNormalized: 'a@firma.de' });
    clock.moved({ id: 4, organisationId: 7, sponsorEmailNormalized: 'a@firma.de' });
    // Forgotten moves would say "unchanged" wrongly: the new era says "changed" for all.
    expect(clock.unmovedSince(mark, 9)).toBe(false);
  });
});

describe('the list clock on postgres', () => {
  const world = chatWorld('postgres', {
    plantsViolations: 'an untold write sets an unread count by plain SQL, as another process would',
  });

  it('answers a kept list after a message or a new conversation elsewhere without a statement on the lists, and fresh after writes to it', async () => {
    const { t, organiser, other, sponsor, call, eventually } = world;
    const list = async (token: string) => {
      const res = await call('GET', '/api/conversation', token);
      expect(res.statusCode).toBe(200);
      return res.json() as { id: number; other_name: string; unread_count: number }[];
    };
    const post = async (token: string, id: number, message: string) =>
      expect((await call('POST', `/api/conversation/${id}/message`, token, { message })).statusCode).toBe(201);
    // Background work of a message (notice slots, in-app alerts) settles.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
    const start = async (token: string, email: string) =>
      (await call('POST', `/api/conversation/${encodeURIComponent(email)}`, token)).json().id as number;

    // The read memo's notice listener connects on the memo's first use; until then nothing is told.
    expect(
      await eventually(
        async () => readMemoOf(t.database.db)!.stamp(),
        (stamp) => stamp !== null,
      ),
    ).not.toBeNull();
    const mine = await start(organiser.token, sponsor.email);
    const elsewhere = await start(other.token, uniqueEmail('elsewhere'));
    await post(other.token, elsewhere, 'Erste Nachricht');
    await settle();
    const kept = await list(organiser.token);
    expect(kept.map((c) => c.id)).toContain(mine);

    // Every statement the pool's connections send while the organiser reads the list again.
    const { statements, spied } = statementSpy();
    const onLists = () => statements.filter((text) => /chat_list_revisions|"conversations"|conversations /.test(text));

    // A message in another organisation's conversation moves other lists: this one is answered as
    // kept. (A few tries: any untold write of the app meanwhile rightly moves every list. The route
    // before this decision read the lists' state after every message: a statement each time.)
    let statementsOnLists: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      await post(other.token, elsewhere, `Nachricht ${attempt}`);
      await settle();
      expect(await spied(() => list(organiser.token))).toEqual(kept);
      statementsOnLists = onLists();
      if (statementsOnLists.length === 0) break;
    }
    expect(statementsOnLists).toEqual([]);

    // A told write to one of its conversations: read again, only its moved conversations, which the
    // clock names: the scopes' revisions are not read. (A few tries, as above: after an untold write
    // the list is rightly read through the revisions.)
    let revisionReads: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await post(sponsor.token, mine, `Hallo aus der Firma ${attempt}`);
      const told = await spied(() => list(organiser.token));
      expect(told.find((c) => c.id === mine)).toMatchObject({ unread_count: attempt });
      expect(onLists().length).toBeGreaterThan(0);
      revisionReads = onLists().filter((text) => text.includes('chat_list_revisions'));
      if (revisionReads.length === 0) break;
    }
    expect(revisionReads).toEqual([]);

    // A new conversation is told too: one elsewhere moves no list here (before, every list moved);
    // one here shows in the list without reading the scopes' revisions.
    const keptNow = await list(organiser.token);
    let afterNewElsewhere: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      await start(other.token, uniqueEmail('new-elsewhere'));
      expect(await spied(() => list(organiser.token))).toEqual(keptNow);
      afterNewElsewhere = onLists();
      if (afterNewElsewhere.length === 0) break;
    }
    expect(afterNewElsewhere).toEqual([]);
    let afterNewHere: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const made = await start(organiser.token, uniqueEmail('new-here'));
      expect((await spied(() => list(organiser.token))).map((c) => c.id)).toContain(made);
      afterNewHere = onLists().filter((text) => text.includes('chat_list_revisions'));
      if (afterNewHere.length === 0) break;
    }
    expect(afterNewHere).toEqual([]);

    // An untold write (plain SQL on the row): every list moves, this one shows it.
    await t.database.db.updateTable('conversations').set({ unread_from_sponsor: 5 }).where('id', '=', mine).execute();
    expect((await list(organiser.token)).find((c) => c.id === mine)).toMatchObject({ unread_count: 5 });
  });
});
