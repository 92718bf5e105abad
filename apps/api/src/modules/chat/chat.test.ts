import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import {
  FAST_HASHING,
  lastOutboxId,
  signUpAndSignIn,
  startIdentityApp,
  uniqueEmail,
  type IdentityTestApp,
} from '../../identity/test-support.ts';
import { createPostgresBus, type MessageBus } from '../../ports/bus/index.ts';
import { listOutbox } from '../../ports/mail/outbox.ts';
import { MASTER_DATA, onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { joinedMember, signIn } from '../invitations/test-support.ts';
import { normaliseEmail } from '../../lib/email.ts';
import { createChatRepository } from './repository.ts';
import { connectStream, wait, type SseClient } from './test-support.ts';

const HOUR_MS = 60 * 60 * 1000;

describe.each(ENGINES)('chat on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let colleague: TestUser;
  let other: TestUser;
  let sponsor: TestUser;
  let eventId: number;
  const call = requester(() => t);
  const streams: SseClient[] = [];

  /** Invites a sponsor address to the organiser's event; answers the guest credentials of the link. */
  const inviteGuest = async (email = uniqueEmail('guest')) => {
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, { email, event_id: eventId });
    expect(res.statusCode).toBe(201);
    const link = new URL(res.json().url);
    return { email, token: link.searchParams.get('token')!, header: `${link.searchParams.get('token')}:${email}` };
  };
  const asGuest = (header: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: header }, ...(payload ? { payload } : {}) });
  const guestConversation = async (header: string) => {
    const res = await asGuest(header, 'GET', '/api/token/conversation');
    expect(res.statusCode).toBe(200);
    return res.json()[0];
  };
  const stream = async (path: string, headers: Record<string, string> = {}) => {
    const client = await connectStream(t.baseUrl, path, headers);
    streams.push(client);
    return client;
  };
  const mailsTo = async (to: string, after: number) =>
    (await listOutbox(t.database.db, 500)).filter((m) => m.to === to && m.id > after);
  const eventually = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 3000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (ok(value) || Date.now() > deadline) return value;
      await wait(20);
    }
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine, { listen: true });
    [organiser, other, sponsor] = await Promise.all([
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'beides'),
      onboardedUser(t, 'sponsor'),
    ]);
    colleague = await joinedMember(t, organiser);
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
  });
  afterAll(async () => {
    for (const client of streams) client.close();
    await t.close();
  });

  it('refuses callers without credentials, and guests on the signed-in endpoints', async () => {
    for (const url of ['/api/conversation', '/api/conversation/unread', '/api/token/conversation', '/api/stream']) {
      const res = await call('GET', url, null);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe('Not authenticated');
    }
    const guest = await inviteGuest();
    const conversation = await guestConversation(guest.header);
    expect((await asGuest(guest.header, 'GET', '/api/conversation')).statusCode).toBe(401);
    expect((await asGuest(guest.header, 'GET', `/api/conversation/${conversation.id}`)).statusCode).toBe(401);
    expect(
      (await asGuest(guest.header, 'POST', `/api/conversation/${conversation.id}/message`, { message: 'x' }))
        .statusCode,
    ).toBe(401);
    // A bearer token is not a guest credential.
    expect((await call('GET', '/api/token/conversation', organiser.token)).statusCode).toBe(401);
  });

  it('refuses a guest with a wrong token or another address', async () => {
    const guest = await inviteGuest();
    const conversation = await guestConversation(guest.header);
    const wrongToken = `${'A'.repeat(43)}:${guest.email}`;
    expect((await asGuest(wrongToken, 'GET', '/api/token/conversation')).statusCode).toBe(401);
    const wrongEmail = `${guest.token}:${uniqueEmail('intruder')}`;
    expect((await asGuest(wrongEmail, 'GET', '/api/token/conversation')).statusCode).toBe(403);
    expect(
      (await asGuest(wrongEmail, 'POST', `/api/token/conversation/${conversation.id}/message`, { message: 'hi' }))
        .statusCode,
    ).toBe(403);
  });

  it('writes a notification into the conversation when a sponsor is invited', async () => {
    const guest = await inviteGuest();
    const conversation = await guestConversation(guest.header);
    expect(conversation.other_name).toBe(MASTER_DATA.organisation_name);
    expect(conversation.message).toMatchObject({ type: 'notification', sender_side: 'system', from_me: false });
    expect(JSON.parse(conversation.message.message)).toEqual({
      key: 'invitation_sent',
      params: { event: 'Stadtlauf' },
    });

    const list = (await call('GET', '/api/conversation', organiser.token)).json();
    expect(list.find((c: { id: number }) => c.id === conversation.id)).toMatchObject({ other_name: guest.email });
    // The guest sees this one conversation only.
    expect((await asGuest(guest.header, 'GET', '/api/token/conversation')).json()).toHaveLength(1);
  });

  it('starts a conversation once, from either side, and refuses own and colleague addresses', async () => {
    const first = await call('POST', `/api/conversation/${encodeURIComponent(sponsor.email)}`, organiser.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ other_name: sponsor.email, message: null, unread_count: 0 });
    const again = await call(
      'POST',
      `/api/conversation/${encodeURIComponent(sponsor.email.toUpperCase())}`,
      organiser.token,
    );
    expect(again.json().id).toBe(first.json().id);
    const reverse = await call('POST', `/api/conversation/${encodeURIComponent(colleague.email)}`, sponsor.token);
    expect(reverse.statusCode).toBe(200);
    expect(reverse.json()).toMatchObject({ id: first.json().id, other_name: MASTER_DATA.organisation_name });

    expect(
      (await call('POST', `/api/conversation/${encodeURIComponent(organiser.email)}`, organiser.token)).statusCode,
    ).toBe(400);
    const own = await call('POST', `/api/conversation/${encodeURIComponent(colleague.email)}`, organiser.token);
    expect(own.statusCode).toBe(400);
    expect(own.json().fields).toEqual({ email: 'own_organisation' });
    expect((await call('POST', '/api/conversation/not-an-address', organiser.token)).statusCode).toBe(400);
  });

  it('shows a sponsor exactly their own conversations and hides others from other organisations', async () => {
    const { id } = (
      await call('POST', `/api/conversation/${encodeURIComponent(sponsor.email)}`, organiser.token)
    ).json();
    const mine = (await call('GET', '/api/conversation', sponsor.token)).json();
    expect(mine.map((c: { id: number }) => c.id)).toEqual([id]);

    expect((await call('GET', `/api/conversation/${id}`, other.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/conversation/${id}/message`, other.token, { message: 'Hallo' })).statusCode).toBe(
      404,
    );
    const theirs = (await call('GET', '/api/conversation', other.token)).json();
    expect(theirs.map((c: { id: number }) => c.id)).not.toContain(id);
    expect((await call('GET', '/api/conversation/999999', organiser.token)).statusCode).toBe(404);

    const guest = await inviteGuest();
    expect((await asGuest(guest.header, 'GET', `/api/token/conversation/${id}`)).statusCode).toBe(404);
    expect(
      (await asGuest(guest.header, 'POST', `/api/token/conversation/${id}/message`, { message: 'x' })).statusCode,
    ).toBe(404);
  });

  it('answers a signed-in user without a profile the conversations naming their address, and only those', async () => {
    const bare = await signUpAndSignIn(t);
    const { id } = (await call('POST', `/api/conversation/${encodeURIComponent(bare.email)}`, organiser.token)).json();
    const list = async () => (await call('GET', '/api/conversation', bare.AccessToken)).json();
    expect((await list()).map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await call('GET', `/api/conversation/${id}`, bare.AccessToken)).statusCode).toBe(200);
    const sent = await call('POST', `/api/conversation/${id}/message`, bare.AccessToken, { message: 'Ohne Profil' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ sender_side: 'sponsor', from_me: true });
    // The list's version moved with the message (the address's scope, read on its own here).
    expect((await list())[0].message).toMatchObject({ message: 'Ohne Profil' });

    const { id: elsewhere } = (
      await call('POST', `/api/conversation/${encodeURIComponent(uniqueEmail('someone'))}`, organiser.token)
    ).json();
    expect((await call('GET', `/api/conversation/${elsewhere}`, bare.AccessToken)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/conversation/${elsewhere}/message`, bare.AccessToken, { message: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/conversation/999999', bare.AccessToken)).statusCode).toBe(404);
    // Read, so the tests after this one start with nothing unread.
    expect((await call('GET', `/api/conversation/${id}`, organiser.token)).statusCode).toBe(200);
  });

  it('reads the membership with the list version, and with the conversation, as the separate reads do', async () => {
    const repo = createChatRepository(t.database.db, engine);
    const bare = await signUpAndSignIn(t);
    const { id } = (
      await call('POST', `/api/conversation/${encodeURIComponent(sponsor.email)}`, organiser.token)
    ).json();
    await call('POST', `/api/conversation/${encodeURIComponent(bare.email)}`, organiser.token);
    const callers = [organiser, colleague, other, sponsor, { sub: bare.sub, email: bare.email }];
    const readVersions = async () => {
      const pairs: { together: string; apart: string }[] = [];
      for (const caller of callers) {
        const emailNormalized = normaliseEmail(caller.email);
        const together = await repo.findMembershipAndListVersion(caller.sub, emailNormalized);
        const membership = await repo.findMembership(caller.sub);
        expect(together.membership).toEqual(membership);
        const apart = await repo.listVersion({
          kind: 'user',
          organisationId: membership?.organisationId ?? null,
          emailNormalized,
        });
        pairs.push({ together: together.listVersion, apart });
      }
      return pairs;
    };
    // A message's background work (the e-mail notice slot) writes the conversation row again, so
    // the two reads agree once it is done.
    const listVersions = async () => {
      const pairs = await eventually(readVersions, (read) => read.every((p) => p.together === p.apart));
      for (const pair of pairs) expect(pair.together).toBe(pair.apart);
      return pairs.map((p) => p.together);
    };
    const before = await listVersions();
    expect(before[0]).toMatch(/^\d+:[1-9]\d*$/); // an organisation's list: address and organisation scopes
    expect(before[4]).toMatch(/^[1-9]\d*$/); // no profile: the address's scope only

    for (const caller of callers) {
      const found = await repo.findConversationAndMembership(caller.sub, id);
      expect(found?.conversation).toEqual(await repo.findConversation(id));
      const membership = await repo.findMembership(caller.sub);
      expect(found?.membership).toEqual(
        membership && {
          organisationId: membership.organisationId,
          organisationName: membership.organisationName,
          role: membership.role,
        },
      );
      expect(await repo.findConversationAndMembership(caller.sub, 999999)).toBeUndefined();
    }

    // A message moves the lists of both sides (organisation and sponsor), not the others'.
    const lastBefore = (await repo.findConversation(id))!.lastMessageId;
    expect((await call('POST', `/api/conversation/${id}/message`, sponsor.token, { message: 'neu' })).statusCode).toBe(
      201,
    );
    const after = await listVersions();
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[3]).not.toBe(before[3]);
    expect(after[2]).toBe(before[2]);
    expect(after[4]).toBe(before[4]);
    const moved = await repo.findConversationAndMembership(organiser.sub, id);
    expect(moved!.conversation.lastMessageId).toBeGreaterThan(lastBefore ?? 0);
    expect(moved!.conversation.unreadFromSponsor).toBeGreaterThan(0);
    // Read, so the tests after this one start with nothing unread.
    expect((await call('GET', `/api/conversation/${id}`, organiser.token)).statusCode).toBe(200);
  });

  it('stores text byte for byte, and marks the other side’s messages read when a side reads', async () => {
    const { id } = (
      await call('POST', `/api/conversation/${encodeURIComponent(sponsor.email)}`, organiser.token)
    ).json();
    const text = '  <b>Hallo</b> & "Grüße" \n';
    const sent = await call('POST', `/api/conversation/${id}/message`, organiser.token, { message: text });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      conversation_id: id,
      message: text,
      type: 'text',
      sender_side: 'organisation',
      sender: MASTER_DATA.organisation_name,
      sender_id: organiser.sub,
      is_read: false,
      from_me: true,
    });
    expect((await call('GET', '/api/conversation/unread', sponsor.token)).json()).toEqual({
      unread_messages: 1,
      unread_conversations: 1,
    });
    const listed = (await call('GET', '/api/conversation', sponsor.token)).json()[0];
    expect(listed).toMatchObject({
      id,
      unread_count: 1,
      message: { id: sent.json().id, is_read: false, from_me: false },
    });

    const read = (await call('GET', `/api/conversation/${id}`, sponsor.token)).json();
    expect(read.at(-1)).toMatchObject({ id: sent.json().id, message: text, is_read: true, from_me: false });
    expect((await call('GET', '/api/conversation/unread', sponsor.token)).json()).toEqual({
      unread_messages: 0,
      unread_conversations: 0,
    });
    // The organisation's own view shows its message read; its own unread count is untouched.
    const orgView = (await call('GET', `/api/conversation/${id}`, colleague.token)).json();
    expect(orgView.at(-1)).toMatchObject({ id: sent.json().id, is_read: true, from_me: true });

    const reply = await call('POST', `/api/conversation/${id}/message`, sponsor.token, { message: 'Danke' });
    expect(reply.json()).toMatchObject({ sender_side: 'sponsor', sender: sponsor.email, from_me: true });
    expect(
      (await call('GET', '/api/conversation/unread', colleague.token)).json().unread_messages,
    ).toBeGreaterThanOrEqual(1);
    await call('GET', `/api/conversation/${id}`, organiser.token);
    expect((await call('GET', '/api/conversation/unread', colleague.token)).json()).toEqual({
      unread_messages: 0,
      unread_conversations: 0,
    });
  });

  it('answers a conversation in pages, newest first in the page order oldest first, for members and guests', async () => {
    const guest = await inviteGuest();
    const { id } = await guestConversation(guest.header);
    const posted: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call('POST', `/api/conversation/${id}/message`, organiser.token, { message: `Nachricht ${i}` });
      posted.push(res.json().id);
    }
    // The invitation's notification came first: 8 messages in all.
    const all = await call('GET', `/api/conversation/${id}`, organiser.token);
    expect(all.headers['x-has-more']).toBe('false');
    const allIds = all.json().map((m: { id: number }) => m.id);
    expect(allIds).toHaveLength(8);
    expect(allIds.slice(1)).toEqual(posted);

    const newest = await asGuest(guest.header, 'GET', `/api/token/conversation/${id}?limit=3`);
    expect(newest.statusCode).toBe(200);
    expect(newest.headers['x-has-more']).toBe('true');
    expect(newest.json().map((m: { id: number }) => m.id)).toEqual(posted.slice(4));
    // Reading any page marks every message of the other side read.
    expect(newest.json().every((m: { is_read: boolean }) => m.is_read)).toBe(true);

    const older = await asGuest(guest.header, 'GET', `/api/token/conversation/${id}?limit=3&before=${posted[4]}`);
    expect(older.headers['x-has-more']).toBe('true');
    expect(older.json().map((m: { id: number }) => m.id)).toEqual(posted.slice(1, 4));
    const oldest = await call('GET', `/api/conversation/${id}?limit=3&before=${posted[1]}`, colleague.token);
    expect(oldest.headers['x-has-more']).toBe('false');
    expect(oldest.json().map((m: { id: number }) => m.id)).toEqual(allIds.slice(0, 2));
    expect(oldest.json()[0]).toMatchObject({ type: 'notification', sender_side: 'system' });

    // A cached page is not served once a message changed the conversation.
    const again = await call('GET', `/api/conversation/${id}?limit=3`, organiser.token);
    expect(again.json().map((m: { id: number }) => m.id)).toEqual(posted.slice(4));
    const latest = await asGuest(guest.header, 'POST', `/api/token/conversation/${id}/message`, { message: 'Neu' });
    const after = await call('GET', `/api/conversation/${id}?limit=3`, organiser.token);
    expect(after.json().map((m: { id: number }) => m.id)).toEqual([...posted.slice(5), latest.json().id]);

    for (const query of [
      'limit=0',
      'limit=201',
      'limit=x',
      'before=0',
      'before=-1',
      'before=2147483648',
      'before=1.5',
    ]) {
      const bad = await call('GET', `/api/conversation/${id}?${query}`, organiser.token);
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it(`accepts ${CHAT_MESSAGE_MAX} characters and refuses more, and refuses blank messages`, async () => {
    const guest = await inviteGuest();
    const { id } = await guestConversation(guest.header);
    const url = `/api/token/conversation/${id}/message`;
    expect((await asGuest(guest.header, 'POST', url, { message: 'a'.repeat(CHAT_MESSAGE_MAX) })).statusCode).toBe(201);
    const tooLong = await asGuest(guest.header, 'POST', url, { message: 'a'.repeat(CHAT_MESSAGE_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toHaveProperty('message');
    for (const message of ['', '   ', ' \n\t ']) {
      const blank = await call('POST', `/api/conversation/${id}/message`, organiser.token, { message });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().fields).toHaveProperty('message');
    }
    const notification = await asGuest(guest.header, 'POST', url, { message: 'x', type: 'notification' });
    expect(notification.statusCode).toBe(400);
  });

  it('streams a posted message to both sides, not to another organisation, and replays after a reconnect', async () => {
    const guest = await inviteGuest();
    const { id } = await guestConversation(guest.header);
    const orgStream = await stream('/api/stream', { authorization: `Bearer ${colleague.token}` });
    const guestStream = await stream('/api/stream', { authorization: guest.header });
    const otherStream = await stream('/api/stream', { authorization: `Bearer ${other.token}` });
    expect(orgStream.status).toBe(200);
    await Promise.all([orgStream, guestStream, otherStream].map((s) => s.next((e) => e.event === 'unread')));

    const posted = (
      await asGuest(guest.header, 'POST', `/api/token/conversation/${id}/message`, { message: 'Live?' })
    ).json();
    const received = await orgStream.next((e) => e.event === 'message' && e.id === String(posted.id));
    expect(JSON.parse(received.data)).toMatchObject({ id: posted.id, message: 'Live?', from_me: false });
    const echoed = await guestStream.next((e) => e.event === 'message' && e.id === String(posted.id));
    expect(JSON.parse(echoed.data)).toMatchObject({ from_me: true });
    const unread = await orgStream.next((e) => e.event === 'unread' && JSON.parse(e.data).unread_messages > 0);
    expect(JSON.parse(unread.data).unread_conversations).toBeGreaterThanOrEqual(1);

    // Reading sends `read` to the writer's side.
    await call('GET', `/api/conversation/${id}`, organiser.token);
    const read = await guestStream.next((e) => e.event === 'read');
    expect(JSON.parse(read.data)).toEqual({ conversation_id: id, reader_side: 'organisation', up_to_id: posted.id });

    guestStream.close();
    const missed = (
      await call('POST', `/api/conversation/${id}/message`, organiser.token, { message: 'Verpasst' })
    ).json();
    const resumed = await stream('/api/stream', { authorization: guest.header, 'last-event-id': String(posted.id) });
    const replayed = await resumed.next((e) => e.event === 'message');
    expect(replayed.id).toBe(String(missed.id));
    expect(JSON.parse(replayed.data)).toMatchObject({ message: 'Verpasst', from_me: false });
    expect(resumed.events.filter((e) => e.event === 'message')).toHaveLength(1);

    await wait(150);
    expect(otherStream.events.filter((e) => e.event === 'message' || e.event === 'read')).toEqual([]);
    orgStream.close();
    resumed.close();
    otherStream.close();
  });

  it('connects with a ticket, and refuses a forged or expired one', async () => {
    const guest = await inviteGuest();
    const issued = await asGuest(guest.header, 'POST', '/api/stream/ticket');
    expect(issued.statusCode).toBe(200);
    const { ticket, expires_at } = issued.json();
    expect(Date.parse(expires_at)).toBeGreaterThan(t.clock().getTime());
    const ok = await stream(`/api/stream?ticket=${encodeURIComponent(ticket)}`);
    expect(ok.status).toBe(200);
    await ok.next((e) => e.event === 'ready');
    ok.close();

    const [payload, signature] = ticket.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), o: other.organisationId }),
    ).toString('base64url');
    for (const bad of [`${forgedPayload}.${signature}`, `${payload}.${'A'.repeat(43)}`, 'nonsense']) {
      const refused = await stream(`/api/stream?ticket=${encodeURIComponent(bad)}`);
      expect(refused.status).toBe(401);
    }
    t.clock.advance(61_000);
    const expired = await stream(`/api/stream?ticket=${encodeURIComponent(ticket)}`);
    expect(expired.status).toBe(401);
    expect(JSON.parse(expired.body).detail).toBe('Not authenticated');

    const userTicket = (await call('POST', '/api/stream/ticket', organiser.token)).json().ticket;
    const userStream = await stream(`/api/stream?ticket=${encodeURIComponent(userTicket)}`);
    expect(userStream.status).toBe(200);
    await userStream.next((e) => e.event === 'unread');
    userStream.close();
  });

  it('sends no notice to a side with an open stream', async () => {
    const guest = await inviteGuest();
    const { id } = await guestConversation(guest.header);
    const online = await stream('/api/stream', { authorization: guest.header });
    await online.next((e) => e.event === 'unread');
    const after = await lastOutboxId(t.database.db);
    await call('POST', `/api/conversation/${id}/message`, organiser.token, { message: 'Bist du da?' });
    await online.next((e) => e.event === 'message');
    await wait(150);
    expect(await mailsTo(guest.email, after)).toHaveLength(0);
    online.close();
  });

  it('mails a participant who is not online at most once an hour per conversation and side', async () => {
    const guest = await inviteGuest();
    const { id } = await guestConversation(guest.header);
    const post = (token: string) => call('POST', `/api/conversation/${id}/message`, token, { message: 'Hallo?' });
    const after = await lastOutboxId(t.database.db);
    expect((await post(organiser.token)).statusCode).toBe(201);
    const [notice] = await eventually(
      () => mailsTo(guest.email, after),
      (m) => m.length > 0,
    );
    expect(notice!.subject).toContain('Neue Nachricht');
    const link = new URL(/https?:\/\/\S+/.exec(notice!.text)![0]);
    expect(link.pathname).toBe('/chats-sponsor/');
    expect(link.searchParams.get('email')).toBe(guest.email);
    // The mailed link is a working guest credential.
    const minted = `${link.searchParams.get('token')}:${guest.email}`;
    expect((await asGuest(minted, 'GET', '/api/token/conversation')).json()[0].id).toBe(id);

    await post(colleague.token);
    await wait(200);
    expect(await mailsTo(guest.email, after)).toHaveLength(1);

    // The organisation side has its own hour: every member gets one notice.
    const beforeReply = await lastOutboxId(t.database.db);
    await asGuest(guest.header, 'POST', `/api/token/conversation/${id}/message`, { message: 'Antwort' });
    const toOrganiser = await eventually(
      () => mailsTo(organiser.email, beforeReply),
      (m) => m.length > 0,
    );
    expect(toOrganiser[0]!.text).toContain(`/chats/?conversation=${id}`);
    expect(
      await eventually(
        () => mailsTo(colleague.email, beforeReply),
        (m) => m.length > 0,
      ),
    ).toHaveLength(1);

    t.clock.advance(HOUR_MS + 1000);
    // Access tokens last an hour too.
    organiser = { ...organiser, token: await signIn(t, organiser.email) };
    colleague = { ...colleague, token: await signIn(t, colleague.email) };
    expect((await post(organiser.token)).statusCode).toBe(201);
    expect(
      await eventually(
        () => mailsTo(guest.email, after),
        (m) => m.length > 1,
      ),
    ).toHaveLength(2);
  });

  it('stops streaming an organisation’s events to a member who was removed', async () => {
    const leaver = await joinedMember(t, organiser);
    const guest = await inviteGuest();
    const { id } = await guestConversation(guest.header);
    const leaving = await stream('/api/stream', { authorization: `Bearer ${leaver.token}` });
    await leaving.next((e) => e.event === 'unread');
    const removed = await call('DELETE', `/api/users/${organiser.organisationId}/${leaver.sub}`, organiser.token);
    expect(removed.statusCode).toBe(204);
    await wait(1100);
    await asGuest(guest.header, 'POST', `/api/token/conversation/${id}/message`, { message: 'Geheim' });
    await leaving.ended;
    expect(leaving.events.filter((e) => e.event === 'message')).toEqual([]);
  });

  // Only PostgreSQL has a shared bus across processes; on SQLite the test is not defined (not skipped).
  if (engine === 'postgres') {
    it('delivers a message posted to one API process to a stream of another on the same database', async () => {
      const channel = `chat_test_${randomBytes(4).toString('hex')}`;
      const connection = { connectionString: process.env.TEST_DATABASE_URL };
      const buses: MessageBus[] = [];
      const start = async () => {
        const bus = createPostgresBus({ connection, db: t.database.db, channel });
        buses.push(bus);
        const app = await buildApp({
          config: t.config,
          database: t.database,
          webDistDir: null,
          logger: false,
          clock: t.clock,
          passwordHashing: FAST_HASHING,
          bus,
        });
        const url = await app.listen({ port: 0, host: '127.0.0.1' });
        await bus.ready();
        return { app, url };
      };
      const one = await start();
      const two = await start();
      try {
        const guest = await inviteGuest();
        const { id } = await guestConversation(guest.header);
        const onTwo = await connectStream(two.url, '/api/stream', { authorization: guest.header });
        streams.push(onTwo);
        await onTwo.next((e) => e.event === 'unread');
        const posted = await one.app.inject({
          method: 'POST',
          url: `/api/conversation/${id}/message`,
          headers: { authorization: `Bearer ${organiser.token}` },
          payload: { message: 'Über die Datenbank' },
        });
        expect(posted.statusCode).toBe(201);
        const received = await onTwo.next((e) => e.event === 'message' && e.id === String(posted.json().id));
        expect(JSON.parse(received.data)).toMatchObject({ message: 'Über die Datenbank', from_me: false });
        onTwo.close();
      } finally {
        await one.app.close();
        await two.app.close();
        for (const bus of buses) await bus.close();
      }
    });
  }
});
