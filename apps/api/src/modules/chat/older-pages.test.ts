// Only a conversation's newest page is kept in the read cache (decision 049): an older page is read
// from the database on every request. Shown with a change the chat does not know of (plain SQL on
// the messages, which decision 043 lets a kept page miss for at most its few seconds of trust): the
// newest page read again within that time still answers what it kept, an older page answers the
// change at once. Only the newest page marks the other side's messages read.
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { uniqueEmail } from '../../identity/test-support.ts';
import { onboardedUser, validEvent } from '../events/test-support.ts';
import { chatWorld } from './test-support.ts';

type MessageView = { id: number; message: string; sender_side: string; is_read: boolean };

/** The version's time bucket of chat/index.ts (MESSAGES_TRUSTED_MS). */
const TRUSTED_MS = 5_000;

describe.each(ENGINES)('older pages of a conversation on %s', (engine) => {
  const world = chatWorld(engine);

  it('are read anew on every request, while the newest page is answered from the cache', async () => {
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

    // The two reads after the change must fall into the trust window of the reads before it.
    for (let attempt = 1; ; attempt++) {
      const bucket = Math.floor(Date.now() / TRUSTED_MS);
      const kept = await page('limit=2');
      await page(olderQuery);
      await t.database.db
        .updateTable('messages')
        .set({ body: `changed ${attempt}` })
        .where('conversation_id', '=', id)
        .execute();
      const newestAfter = await page('limit=2');
      const olderAfter = await page(olderQuery);
      if (Math.floor(Date.now() / TRUSTED_MS) !== bucket && attempt < 5) continue;
      expect(newestAfter).toEqual(kept);
      expect(newestAfter).not.toEqual([`changed ${attempt}`, `changed ${attempt}`]);
      expect(olderAfter).toEqual([`changed ${attempt}`, `changed ${attempt}`]);
      break;
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
