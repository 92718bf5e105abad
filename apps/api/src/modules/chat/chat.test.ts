import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { signUpAndSignIn, uniqueEmail } from '../../identity/test-support.ts';
import { MASTER_DATA } from '../events/test-support.ts';
import { createChatRepository } from './repository.ts';
import { chatWorld } from './test-support.ts';

describe.each(ENGINES)('chat on %s', (engine) => {
  const world = chatWorld(engine);

  it('refuses callers without credentials, and guests on the signed-in endpoints', async () => {
    const { organiser, call, inviteGuest, asGuest, guestConversation } = world;
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
    const { inviteGuest, asGuest, guestConversation } = world;
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
    const { organiser, call, inviteGuest, asGuest, guestConversation } = world;
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
    const { organiser, colleague, sponsor, call } = world;
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
    const { organiser, other, sponsor, call, inviteGuest, asGuest } = world;
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
    const { t, organiser, call } = world;
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

  it('reads the membership with the conversation, as the separate reads do', async () => {
    const { t, organiser, colleague, other, sponsor, call } = world;
    const repo = createChatRepository(t.database.db, engine);
    const bare = await signUpAndSignIn(t);
    const { id } = (
      await call('POST', `/api/conversation/${encodeURIComponent(sponsor.email)}`, organiser.token)
    ).json();
    const callers = [organiser, colleague, other, sponsor, { sub: bare.sub, email: bare.email }];
    for (const caller of callers) {
      const found = await repo.findConversationAndMembership(caller.sub, id);
      expect(found?.conversation).toEqual(await repo.findConversationFacts(id));
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

    const lastBefore = (await repo.findConversation(id))!.lastMessageId;
    expect((await call('POST', `/api/conversation/${id}/message`, sponsor.token, { message: 'neu' })).statusCode).toBe(
      201,
    );
    const moved = await repo.findConversation(id);
    expect(moved!.lastMessageId).toBeGreaterThan(lastBefore ?? 0);
    expect(moved!.unreadFromSponsor).toBeGreaterThan(0);
    // Read, so the tests after this one start with nothing unread.
    expect((await call('GET', `/api/conversation/${id}`, organiser.token)).statusCode).toBe(200);
  });

  it('stores text byte for byte, and marks the other side’s messages read when a side reads', async () => {
    const { organiser, colleague, sponsor, call } = world;
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
    expect((await call('GET', '/api/conversation/unread', sponsor.token)).json()).toMatchObject({
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
    expect((await call('GET', '/api/conversation/unread', sponsor.token)).json()).toMatchObject({
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
    expect((await call('GET', '/api/conversation/unread', colleague.token)).json()).toMatchObject({
      unread_messages: 0,
      unread_conversations: 0,
    });
  });

  it('answers a conversation in pages, newest first in the page order oldest first, for members and guests', async () => {
    const { organiser, colleague, call, inviteGuest, asGuest, guestConversation } = world;
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
    const { organiser, call, inviteGuest, asGuest, guestConversation } = world;
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
});
