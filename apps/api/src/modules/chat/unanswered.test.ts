import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { uniqueEmail } from '../../identity/test-support.ts';
import { onboardedUser, validEvent } from '../events/test-support.ts';
import { chatWorld } from './test-support.ts';

// Issue 21, point 8: "unanswered messages" counts conversations whose newest participant message is
// from the other side, read or not; system notices answer nobody.
describe.each(ENGINES)('unanswered conversations on %s', (engine) => {
  const world = chatWorld(engine);

  /** A fresh organisation with an event and two invited sponsors (guests), so its counts are its own. */
  const freshOrganisation = async () => {
    const { call, asGuest } = world;
    const organiser = await onboardedUser(world.t, 'veranstalter');
    const eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent())).json().id as number;
    const guests = [];
    for (const name of ['a', 'b']) {
      const email = uniqueEmail(`sponsor-${name}`);
      const res = await call('POST', '/api/sponsor-invitation', organiser.token, { email, event_id: eventId });
      const token = new URL(res.json().url).searchParams.get('token')!;
      const header = `${token}:${email}`;
      const conversation = (await asGuest(header, 'GET', '/api/token/conversation')).json()[0] as { id: number };
      guests.push({ email, header, conversationId: conversation.id });
    }
    return { organiser, guests };
  };
  const summary = async (token: string) => (await world.call('GET', '/api/conversation/unread', token)).json();

  it('counts conversations whose last message is from the sponsor, even once read, and not notices', async () => {
    const { call, asGuest } = world;
    const { organiser, guests } = await freshOrganisation();
    const [a, b] = guests as [(typeof guests)[0], (typeof guests)[0]];
    // Only the invitation notices so far: nobody waits.
    expect(await summary(organiser.token)).toEqual({
      unread_messages: 0,
      unread_conversations: 0,
      unanswered_conversations: 0,
    });

    await asGuest(a.header, 'POST', `/api/token/conversation/${a.conversationId}/message`, { message: 'Frage 1' });
    await asGuest(b.header, 'POST', `/api/token/conversation/${b.conversationId}/message`, { message: 'Frage 2' });
    expect(await summary(organiser.token)).toEqual({
      unread_messages: 2,
      unread_conversations: 2,
      unanswered_conversations: 2,
    });

    // Reading is not answering.
    await call('GET', `/api/conversation/${a.conversationId}`, organiser.token);
    await call('GET', `/api/conversation/${b.conversationId}`, organiser.token);
    expect(await summary(organiser.token)).toEqual({
      unread_messages: 0,
      unread_conversations: 0,
      unanswered_conversations: 2,
    });

    // Answering is; the guest now waits for nobody but sees the organisation's answer as waiting.
    await call('POST', `/api/conversation/${a.conversationId}/message`, organiser.token, { message: 'Antwort' });
    expect((await summary(organiser.token)).unanswered_conversations).toBe(1);
    const guestSummary = (await asGuest(a.header, 'GET', '/api/token/conversation/unread')).json();
    expect(guestSummary).toMatchObject({ unread_conversations: 1, unanswered_conversations: 1 });

    // A later system notice (a status change) does not answer b.
    const sponsorship = await world.t.database.db
      .selectFrom('sponsorships')
      .select('id')
      .where('sponsor_email_normalized', '=', b.email.toLowerCase())
      .executeTakeFirstOrThrow();
    const declined = await call('POST', `/api/sponsorships/${sponsorship.id}/status`, organiser.token, {
      status: 'declined',
    });
    expect(declined.statusCode).toBe(200);
    expect((await summary(organiser.token)).unanswered_conversations).toBe(1);
  });

  it('sends the changed count on the live stream when a sponsor writes and when the organisation answers', async () => {
    const { asGuest, call, stream } = world;
    const { organiser, guests } = await freshOrganisation();
    const a = guests[0]!;
    const ticket = (await call('POST', '/api/stream/ticket', organiser.token)).json().ticket as string;
    const orgStream = await stream(`/api/stream?ticket=${encodeURIComponent(ticket)}`);
    await orgStream.next((e) => e.event === 'unread');

    await asGuest(a.header, 'POST', `/api/token/conversation/${a.conversationId}/message`, { message: 'Hallo?' });
    await orgStream.next((e) => e.event === 'unread' && JSON.parse(e.data).unanswered_conversations === 1);
    await call('POST', `/api/conversation/${a.conversationId}/message`, organiser.token, { message: 'Hallo!' });
    const answered = await orgStream.next(
      (e) => e.event === 'unread' && JSON.parse(e.data).unanswered_conversations === 0,
    );
    expect(JSON.parse(answered.data)).toMatchObject({ unanswered_conversations: 0 });
  });

  it('keeps the count right when messages of both sides are written in one batch', async () => {
    const { asGuest, call } = world;
    const { organiser, guests } = await freshOrganisation();
    const [a, b] = guests as [(typeof guests)[0], (typeof guests)[0]];
    await asGuest(a.header, 'POST', `/api/token/conversation/${a.conversationId}/message`, { message: 'Erst' });
    // Arriving together, these share one transaction (group commit; three statements on PostgreSQL).
    const sent = await Promise.all([
      call('POST', `/api/conversation/${a.conversationId}/message`, organiser.token, { message: 'Antwort' }),
      asGuest(b.header, 'POST', `/api/token/conversation/${b.conversationId}/message`, { message: 'Frage' }),
      asGuest(b.header, 'POST', `/api/token/conversation/${b.conversationId}/message`, { message: 'Noch eine' }),
    ]);
    expect(sent.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect((await summary(organiser.token)).unanswered_conversations).toBe(1);
    const rows = await world.t.database.db
      .selectFrom('conversations')
      .select(['id', 'last_participant_side'])
      .where('id', 'in', [a.conversationId, b.conversationId])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.last_participant_side)).toEqual(
      a.conversationId < b.conversationId ? ['organisation', 'sponsor'] : ['sponsor', 'organisation'],
    );
  });
});
