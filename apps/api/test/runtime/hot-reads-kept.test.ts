// A message post keeps its compiled statements (db/compiled-once.ts): a statement that binds a value
// twice falls back to being compiled, and on SQLite prepared, on every call. That is never wrong,
// only slow, so nothing else would notice (session 11).
import { describe, expect, it } from 'vitest';
import { compiledShapesNotKept } from '../../src/db/compiled-once.ts';
import { chatWorld } from '../../src/modules/chat/test-support.ts';
import { ENGINES } from '../helpers.ts';

describe.each(ENGINES)('the hot writes on %s', (engine) => {
  const world = chatWorld(engine);

  it('keep the compiled statements of a message post (db/compiled-once.ts), and count right with them', async () => {
    const { organiser, sponsor, call } = world;
    const id = (await call('POST', `/api/conversation/${encodeURIComponent(sponsor.email)}`, organiser.token)).json()
      .id as number;
    // Each side twice: the first post of a shape compiles it, the second runs the kept compile.
    const posted: number[] = [];
    for (const token of [organiser.token, organiser.token, sponsor.token, sponsor.token, organiser.token]) {
      const response = await call('POST', `/api/conversation/${id}/message`, token, { message: 'Hallo' });
      expect(response.statusCode).toBe(201);
      posted.push(response.json().id as number);
    }
    expect(compiledShapesNotKept()).toEqual([]);
    expect(new Set(posted).size).toBe(5);
    // The kept statements wrote this message's values: the newest message, each side's unread count.
    const seenBy = async (token: string) =>
      ((await call('GET', '/api/conversation', token)).json() as Array<Record<string, unknown>>).find(
        (c) => c.id === id,
      );
    expect(await seenBy(sponsor.token)).toMatchObject({ unread_count: 3, message: { id: posted.at(-1) } });
    expect(await seenBy(organiser.token)).toMatchObject({ unread_count: 2, message: { id: posted.at(-1) } });
  });
});
