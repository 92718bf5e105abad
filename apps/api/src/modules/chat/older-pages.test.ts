// Only a conversation's newest page is kept in the read cache (decision 049): an older page is read
// from the database on every request. Shown with a change the chat does not know of (plain SQL on
// the messages, which decision 043 lets a kept page miss for at most its few seconds of trust): the
// newest page read again within that time still answers what it kept, an older page answers the
// change at once.
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { uniqueEmail } from '../../identity/test-support.ts';
import { chatWorld } from './test-support.ts';

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
});
