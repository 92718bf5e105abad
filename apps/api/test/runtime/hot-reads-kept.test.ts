// The reads every cached request runs first (the access checks of decisions 013 and 014) keep their
// compiled query (db/prepared-read.ts): a query that binds an argument twice falls back to being
// compiled, and on SQLite prepared, on every call. That is never wrong, only slow, so nothing else
// would notice: in session 11 the conversation list's check bound the address twice and the cached
// list read ran at a third of its rate until a benchmark showed it.
import { describe, expect, it } from 'vitest';
import { compiledShapesNotKept } from '../../src/db/compiled-once.ts';
import { preparedReadsNotKept } from '../../src/db/prepared-read.ts';
import { chatWorld } from '../../src/modules/chat/test-support.ts';
import { ENGINES } from '../helpers.ts';

describe.each(ENGINES)('the hot reads on %s', (engine) => {
  const world = chatWorld(engine);

  it('keep their compiled queries: the reads the benchmark measures, as organiser, sponsor and guest', async () => {
    const { organiser, sponsor, eventId, call, inviteGuest, asGuest } = world;
    const conversation = (
      await call('POST', `/api/conversation/${encodeURIComponent(sponsor.email)}`, organiser.token)
    ).json().id as number;
    const guest = await inviteGuest();
    const reads: Array<[string, () => Promise<{ statusCode: number }>]> = [
      ['organiser list', () => call('GET', '/api/conversation', organiser.token)],
      ['sponsor list', () => call('GET', '/api/conversation', sponsor.token)],
      ['organiser conversation', () => call('GET', `/api/conversation/${conversation}`, organiser.token)],
      ['sponsor conversation', () => call('GET', `/api/conversation/${conversation}`, sponsor.token)],
      ['unread', () => call('GET', '/api/conversation/unread', organiser.token)],
      ['guest list', () => asGuest(guest.header, 'GET', '/api/token/conversation')],
      ['events', () => call('GET', `/api/events/${organiser.organisationId}`, organiser.token)],
      ['event', () => call('GET', `/api/event/${eventId}`, organiser.token)],
    ];
    // Twice each: the first call compiles, the second uses what was kept.
    for (const [name, read] of [...reads, ...reads]) expect([name, (await read()).statusCode]).toEqual([name, 200]);
    expect(preparedReadsNotKept()).toEqual([]);
  });

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
