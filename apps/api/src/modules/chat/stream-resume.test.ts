// A client resuming its stream with its last event id (decision 095), on both engines: it gets the
// messages stored after it, in order and once each, even while messages are posted as it connects;
// only of conversations it may see; and `gap` when more were missed than one replay sends. The
// bus-loss case (PostgreSQL, two processes) is stream-gap.test.ts.
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { REPLAY_LIMIT } from './stream-replay.ts';
import { chatWorld, type SseClient } from './test-support.ts';

const messageIds = (client: SseClient) => client.events.filter((e) => e.event === 'message').map((e) => Number(e.id));

describe.each(ENGINES)('resuming a live stream on %s', (engine) => {
  const world = chatWorld(engine);

  const postAs = async (token: string, conversationId: number, message: string) => {
    const res = await world.call('POST', `/api/conversation/${conversationId}/message`, token, { message });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number }>().id;
  };

  it('replays what was missed in order, once each, while more is posted as it connects', async () => {
    const { organiser, inviteGuest, guestConversation, stream } = world;
    const guest = await inviteGuest();
    const { id } = await guestConversation(guest.header);
    const seen = await postAs(organiser.token, id, 'Gesehen');
    const missed = [await postAs(organiser.token, id, 'Verpasst 1'), await postAs(organiser.token, id, 'Verpasst 2')];
    const [resumed, ...meanwhile] = await Promise.all([
      stream('/api/stream', { authorization: guest.header, 'last-event-id': String(seen) }),
      postAs(organiser.token, id, 'Während 1'),
      postAs(organiser.token, id, 'Während 2'),
    ]);
    for (const messageId of meanwhile) await resumed.next((e) => e.event === 'message' && e.id === String(messageId));
    await resumed.next((e) => e.event === 'unread');
    const ids = messageIds(resumed);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 2)).toEqual(missed);
    expect([...ids].sort((a, b) => a - b)).toEqual([...missed, ...meanwhile].sort((a, b) => a - b));
    expect(resumed.events.some((e) => e.event === 'gap')).toBe(false);
  });

  it('replays only conversations the caller may see', async () => {
    const { organiser, other, inviteGuest, guestConversation, stream } = world;
    const guest = await inviteGuest();
    const neighbour = await inviteGuest();
    const { id } = await guestConversation(guest.header);
    const { id: neighbourId } = await guestConversation(neighbour.header);
    const start = await postAs(organiser.token, id, 'Start');
    const mine = await postAs(organiser.token, id, 'Für den Gast');
    const notMine = await postAs(organiser.token, neighbourId, 'Für den Nachbarn');
    const asGuest = await stream('/api/stream', { authorization: guest.header, 'last-event-id': String(start) });
    // A user of another organisation resumes from before both: neither conversation is theirs.
    const outsider = await stream('/api/stream', {
      authorization: `Bearer ${other.token}`,
      'last-event-id': String(start - 1),
    });
    await asGuest.next((e) => e.event === 'unread');
    await outsider.next((e) => e.event === 'unread');
    expect(messageIds(asGuest)).toContain(mine);
    expect(messageIds(asGuest)).not.toContain(notMine);
    expect(messageIds(outsider)).not.toContain(mine);
    expect(messageIds(outsider)).not.toContain(notMine);
    expect(messageIds(outsider)).not.toContain(start);
  });

  it('tells `gap` when more were missed than one replay sends', async () => {
    const { organiser, inviteGuest, guestConversation, stream } = world;
    const guest = await inviteGuest();
    const { id } = await guestConversation(guest.header);
    const seen = await postAs(organiser.token, id, 'Gesehen');
    const posted: number[] = [];
    for (let batch = 0; batch < REPLAY_LIMIT + 1; batch += 25) {
      const size = Math.min(25, REPLAY_LIMIT + 1 - batch);
      posted.push(
        ...(await Promise.all(Array.from({ length: size }, (_, i) => postAs(organiser.token, id, `Nr. ${batch + i}`)))),
      );
    }
    const resumed = await stream('/api/stream', { authorization: guest.header, 'last-event-id': String(seen) });
    const gap = await resumed.next((e) => e.event === 'gap', 10_000);
    expect(JSON.parse(gap.data)).toEqual({ complete: false });
    const sorted = [...posted].sort((a, b) => a - b);
    expect(messageIds(resumed)).toEqual(sorted.slice(0, REPLAY_LIMIT));
  }, 60_000);
});
