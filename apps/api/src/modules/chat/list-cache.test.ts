// A cached conversation list brought up to date from the conversations bumped since (decision 034)
// answers exactly what reading the whole list answers, on both engines.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { uniqueEmail } from '../../identity/test-support.ts';
import { normaliseEmail } from '../../lib/email.ts';
import { RECENT_CHANGES } from '../../db/migrations/0027_chat_list_changes.ts';
import { changedConversations, recentOf, revisionsOf } from './list-changes.ts';
import { createChatRepository } from './repository.ts';
import { chatWorld } from './test-support.ts';

describe.each(ENGINES)('the conversation list kept up to date on %s', (engine) => {
  const world = chatWorld(engine);

  it('logs the bumped conversations and answers as a whole read would', async () => {
    const { t, organiser, sponsor, call, eventually } = world;
    const db = t.database.db;
    const repo = createChatRepository(db, engine);
    const state = async () =>
      (await repo.findMembershipAndListState(organiser.sub, normaliseEmail(organiser.email))).list;
    const start = async (email: string) =>
      (await call('POST', `/api/conversation/${encodeURIComponent(email)}`, organiser.token)).json().id as number;
    const list = async (token: string) => {
      const res = await call('GET', '/api/conversation', token);
      expect(res.statusCode).toBe(200);
      return res.json() as { id: number; other_name: string; unread_count: number; message: unknown }[];
    };
    // A whole read: the organisation's scope moved past what its ids reach back to.
    const wholeList = async () => {
      await db
        .updateTable('chat_list_revisions')
        .set({ revision: sql`revision + 1`, recent: engine === 'postgres' ? sql`'{}'` : '' })
        .where('scope', '=', `o:${(await repo.findMembership(organiser.sub))!.organisationId}`)
        .execute();
      expect(changedConversations(revisionsOf(await state()), await state())).toEqual(new Set());
      return list(organiser.token);
    };
    // Background work of a message (the e-mail notice slot) bumps its conversation again: wait for it.
    const settled = () => eventually(state, () => true, 0).then(() => new Promise((r) => setTimeout(r, 100)));

    const withSponsor = await start(sponsor.email);
    const quiet = await start(uniqueEmail('quiet'));
    const leaving = await start(uniqueEmail('leaving'));
    await settled();
    const primed = await list(organiser.token);
    expect(primed.map((c) => c.id)).toEqual(expect.arrayContaining([withSponsor, quiet, leaving]));
    const before = await state();

    expect(
      (await call('POST', `/api/conversation/${withSponsor}/message`, sponsor.token, { message: 'Hallo' })).statusCode,
    ).toBe(201);
    expect(
      (await call('POST', `/api/conversation/${leaving}/message`, organiser.token, { message: 'Tschüss' })).statusCode,
    ).toBe(201);
    await settled();
    // Only the two conversations written to are read again.
    expect(changedConversations(revisionsOf(before), await state())).toEqual(new Set([withSponsor, leaving]));
    const patched = await list(organiser.token);
    expect(patched.find((c) => c.id === withSponsor)).toMatchObject({
      id: withSponsor,
      unread_count: 1,
      message: { message: 'Hallo', from_me: false },
    });
    expect(patched).toEqual(await wholeList());

    // A conversation gone from the scope leaves the kept list; reading a conversation clears its count.
    const beforeDelete = await state();
    await db.deleteFrom('conversations').where('id', '=', leaving).execute();
    expect((await call('GET', `/api/conversation/${withSponsor}`, organiser.token)).statusCode).toBe(200);
    expect(changedConversations(revisionsOf(beforeDelete), await state())).toEqual(new Set([leaving, withSponsor]));
    const afterDelete = await list(organiser.token);
    expect(afterDelete.map((c) => c.id)).not.toContain(leaving);
    expect(afterDelete.find((c) => c.id === withSponsor)).toMatchObject({ unread_count: 0 });
    expect(afterDelete).toEqual(await wholeList());

    // A renamed organisation bumps its sponsors' scopes with each conversation: their kept lists show the name.
    const sponsorBefore = await list(sponsor.token);
    expect(sponsorBefore.find((c) => c.id === withSponsor)).toBeDefined();
    const organisationId = (await repo.findMembership(organiser.sub))!.organisationId!;
    await db.updateTable('organisations').set({ name: 'Umbenannt e.V.' }).where('id', '=', organisationId).execute();
    const sponsorState = (await repo.findMembershipAndListState(sponsor.sub, normaliseEmail(sponsor.email))).list;
    expect(recentOf(sponsorState.address.recent).at(-1)).toBe(withSponsor);
    expect((await list(sponsor.token)).find((c) => c.id === withSponsor)).toMatchObject({
      other_name: 'Umbenannt e.V.',
    });
  });

  it("names the sponsor by its organisation and moves the organisation's kept list when that name changes", async () => {
    const { t, organiser, sponsor, call } = world;
    const db = t.database.db;
    const repo = createChatRepository(db, engine);
    const email = normaliseEmail(sponsor.email);
    const state = async () =>
      (await repo.findMembershipAndListState(organiser.sub, normaliseEmail(organiser.email))).list;
    const id = (await call('POST', `/api/conversation/${encodeURIComponent(sponsor.email)}`, organiser.token)).json()
      .id as number;
    const nameInList = async () => {
      const res = await call('GET', '/api/conversation', organiser.token);
      expect(res.statusCode).toBe(200);
      return (res.json() as { id: number; other_name: string }[]).find((c) => c.id === id)?.other_name;
    };
    const nameInSearch = async (q: string) =>
      (
        (await call('GET', `/api/search?q=${encodeURIComponent(q)}`, organiser.token)).json() as {
          conversations: { id: number; other_name: string }[];
        }
      ).conversations.find((c) => c.id === id)?.other_name;
    // Each change moves the organisation's scope with this conversation: the kept list reads it again.
    const movedWithIt = async (change: () => Promise<unknown>) => {
      const before = await state();
      await change();
      const after = await state();
      expect(after.organisation!.revision).toBeGreaterThan(before.organisation!.revision);
      expect(recentOf(after.organisation!.recent).at(-1)).toBe(id);
    };
    const now = new Date().toISOString();

    await db.deleteFrom('sponsor_profiles').where('email_normalized', '=', email).execute();
    await db.deleteFrom('sponsor_legal_details').where('email_normalized', '=', email).execute();
    expect(await nameInList()).toBe(sponsor.email);
    await movedWithIt(() =>
      db
        .insertInto('sponsor_legal_details')
        .values({
          email_normalized: email,
          legal_name: 'Brauerei Nord GmbH',
          street: 'Hafenstraße',
          house_number: '1',
          postal_code: '20457',
          city: 'Hamburg',
          country: 'DE',
          language: 'de',
          updated_at: now,
        })
        .execute(),
    );
    expect(await nameInList()).toBe('Brauerei Nord GmbH');
    await movedWithIt(() =>
      db
        .insertInto('sponsor_profiles')
        .values({
          email_normalized: email,
          public_name: 'Nordbräu',
          description_de: '',
          description_en: '',
          created_at: now,
          updated_at: now,
        })
        .execute(),
    );
    expect(await nameInList()).toBe('Nordbräu');
    await movedWithIt(() =>
      db
        .updateTable('sponsor_profiles')
        .set({ public_name: 'Nordbräu Hamburg' })
        .where('email_normalized', '=', email)
        .execute(),
    );
    expect(await nameInList()).toBe('Nordbräu Hamburg');
    // The header's search finds it by that name and names it so.
    expect(await nameInSearch('bräu hamburg')).toBe('Nordbräu Hamburg');
    expect(await nameInSearch('südbräu')).toBeUndefined();
    await movedWithIt(() =>
      db
        .updateTable('sponsor_legal_details')
        .set({ legal_name: 'Nordbräu GmbH' })
        .where('email_normalized', '=', email)
        .execute(),
    );
    // An unchanged name moves nothing; a profile's other fields neither.
    const still = await state();
    await db
      .updateTable('sponsor_profiles')
      .set({ description_de: 'Bier' })
      .where('email_normalized', '=', email)
      .execute();
    expect((await state()).organisation!.revision).toBe(still.organisation!.revision);
    await movedWithIt(() => db.deleteFrom('sponsor_profiles').where('email_normalized', '=', email).execute());
    expect(await nameInList()).toBe('Nordbräu GmbH');
  });

  it(`keeps the last ${RECENT_CHANGES} ids, newest last`, async () => {
    const { t, organiser, call } = world;
    const db = t.database.db;
    const repo = createChatRepository(db, engine);
    const state = async () =>
      (await repo.findMembershipAndListState(organiser.sub, normaliseEmail(organiser.email))).list;
    const ids: number[] = [];
    for (const name of ['a', 'b']) {
      ids.push(
        (await call('POST', `/api/conversation/${encodeURIComponent(uniqueEmail(name))}`, organiser.token)).json().id,
      );
    }
    const before = await state();
    for (let i = 0; i < RECENT_CHANGES + 2; i++) {
      await db
        .updateTable('conversations')
        .set({ unread_from_sponsor: 0 })
        .where('id', '=', ids[i % 2]!)
        .execute();
    }
    const after = await state();
    expect(after.organisation!.revision).toBe(before.organisation!.revision + RECENT_CHANGES + 2);
    expect(recentOf(after.organisation!.recent)).toHaveLength(RECENT_CHANGES);
    expect(recentOf(after.organisation!.recent).slice(-3)).toEqual([ids[1], ids[0], ids[1]]);
    expect(changedConversations(revisionsOf(before), after)).toBeNull();
    const recently = { ...revisionsOf(after), organisation: after.organisation!.revision - RECENT_CHANGES };
    expect(changedConversations(recently, after)).toEqual(new Set(ids));
  });
});
