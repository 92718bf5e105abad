// Only a conversation's newest page is kept in the read cache (decision 049): an older page is read
// from the database on every request. A change written by this process, even by plain SQL the chat
// does not know of, is answered by both at once (the read cache's contract, decision 094). Only the
// newest page marks the other side's messages read.
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { uniqueEmail } from '../../identity/test-support.ts';
import { onboardedUser, validEvent } from '../events/test-support.ts';
import { chatWorld } from './test-support.ts';

type MessageView = { id: number; message: string; sender_side: string; is_read: boolean };

describe.each(ENGINES)('older pages of a conversation on %s', (engine) => {
  const world = chatWorld(engine);

  it('are read anew on every request, and both pages answer a write of this process at once', async () => {
    const { t, organiser, call } = world;
    const started = await call(
      'POST',
      `/api/conversation/${encodeURIComponent(uniqueEmail('pages'))}`,
      organiser.token,
    );
    const id = started.json().id as number;
    for (let i = 1; i <= 4; i++) {
      expect(
        (await call('POST', `/api/conversation/${id}/message`, organiser.token, { message: `m${i}` })).statusCode,
      ).toBe(201);
    }
    const page = async (query: string) => {
      const res = await call('GET', `/api/conversation/${id}?${query}`, organiser.token);
      expect(res.statusCode).toBe(200);
      return (res.json() as { id: number; message: string }[]).map((m) => m.message);
    };
    const newest = await page('limit=2');
    const olderQuery = `limit=2&before=${((await call('GET', `/api/conversation/${id}?limit=2`, organiser.token)).json() as { id: number }[])[0]!.id}`;
    expect(newest).toEqual(['m3', 'm4']);
    expect(await page(olderQuery)).toEqual(['m1', 'm2']);

    for (let round = 1; round <= 3; round++) {
      await page('limit=2');
      await page(olderQuery);
      await t.database.db
        .updateTable('messages')
        .set({ body: `changed ${round}` })
        .where('conversation_id', '=', id)
        .execute();
      expect(await page('limit=2')).toEqual([`changed ${round}`, `changed ${round}`]);
      expect(await page(olderQuery)).toEqual([`changed ${round}`, `changed ${round}`]);
    }
  });

  it('leaves messages unread when an older page is read, and marks them read with the newest', async () => {
    const { call, asGuest } = world;
    const organiser = await onboardedUser(world.t, 'veranstalter');
    const eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent())).json().id as number;
    const email = uniqueEmail('older-unread');
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, { email, event_id: eventId });
    const guest = `${new URL(invited.json().url).searchParams.get('token')!}:${email}`;
    const id = ((await asGuest(guest, 'GET', '/api/token/conversation')).json()[0] as { id: number }).id;
    for (let i = 1; i <= 4; i++) {
      const sent = await asGuest(guest, 'POST', `/api/token/conversation/${id}/message`, { message: `Frage ${i}` });
      expect(sent.statusCode).toBe(201);
    }
    const unread = async () => (await call('GET', '/api/conversation/unread', organiser.token)).json().unread_messages;
    expect(await unread()).toBe(4);
    const sponsorView = async () =>
      ((await asGuest(guest, 'GET', `/api/token/conversation/${id}?limit=200`)).json() as MessageView[])
        .filter((m) => m.sender_side === 'sponsor')
        .map((m) => m.is_read);

    // The organiser's client holds a cursor (an id of the sponsor's third message) and pages back.
    const third = ((await asGuest(guest, 'GET', `/api/token/conversation/${id}?limit=2`)).json() as MessageView[])[0]!;
    const older = await call('GET', `/api/conversation/${id}?limit=2&before=${third.id}`, organiser.token);
    expect(older.statusCode).toBe(200);
    expect((older.json() as MessageView[]).map((m) => m.message)).toEqual(['Frage 1', 'Frage 2']);
    expect(await unread()).toBe(4);
    expect(await sponsorView()).toEqual([false, false, false, false]);

    expect((await call('GET', `/api/conversation/${id}?limit=2`, organiser.token)).statusCode).toBe(200);
    expect(await unread()).toBe(0);
    expect(await sponsorView()).toEqual([true, true, true, true]);
  });
});
