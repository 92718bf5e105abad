import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { FAST_HASHING, startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { createPostgresBus, type MessageBus } from '../../ports/bus/index.ts';
import { onboardedUser, pdfBytes, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { accept, invite, joinedMember, registerWithInvitation } from '../invitations/test-support.ts';
import { connectStream, wait, type SseClient } from '../chat/test-support.ts';

type Alert = {
  id: number;
  kind: string;
  params: Record<string, string>;
  count: number;
  link: string;
  created_at: string;
  read_at: string | null;
};
type Upload = { url: string; key: string; s3_id: string; file: string };
type Guest = { token: string; email: string; sponsorshipId: number; header: string };

describe.each(ENGINES)('notifications on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let colleague: TestUser;
  let sponsor: TestUser;
  let stranger: TestUser;
  let eventId: number;
  const call = requester(() => t);
  const streams: SseClient[] = [];

  const alertsOf = async (user: { token: string }) => {
    const res = await call('GET', '/api/notifications', user.token);
    expect(res.statusCode).toBe(200);
    return res.json<{ notifications: Alert[]; unread_count: number }>();
  };
  /** Alert writes after a message run in the background: poll until `ok` or a few seconds pass. */
  const eventually = async <T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> => {
    const deadline = Date.now() + 3000;
    for (;;) {
      const value = await read();
      if (ok(value) || Date.now() > deadline) return value;
      await wait(20);
    }
  };
  const inviteSponsor = async (email = uniqueEmail('guest')): Promise<Guest> => {
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      amount_cents: 1000,
    });
    expect(res.statusCode).toBe(201);
    const token = new URL(res.json().url).searchParams.get('token')!;
    return { token, email, sponsorshipId: res.json().sponsorId, header: `${token}:${email}` };
  };
  const asGuest = (guest: Guest, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: guest.header }, ...(payload ? { payload } : {}) });
  const guestWrites = async (guest: Guest, message: string) => {
    const [conversation] = (await asGuest(guest, 'GET', '/api/token/conversation')).json();
    const res = await asGuest(guest, 'POST', `/api/token/conversation/${conversation.id}/message`, { message });
    expect(res.statusCode).toBe(201);
    return conversation.id as number;
  };
  const putPdf = (url: string, body = pdfBytes('signed')) =>
    t.app.inject({ method: 'PUT', url, headers: { 'content-type': 'application/pdf' }, payload: body });

  beforeAll(async () => {
    t = await startIdentityApp(engine, { listen: true });
    [organiser, sponsor, stranger] = await Promise.all([
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'sponsor'),
      onboardedUser(t, 'veranstalter'),
    ]);
    colleague = await joinedMember(t, organiser);
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
    const upload = (
      await call('GET', `/api/file/upload/${organiser.organisationId}/${eventId}/Vertrag/pdf`, organiser.token)
    ).json<Upload>();
    expect((await putPdf(upload.url, pdfBytes('agreement'))).statusCode).toBe(204);
    const saved = await call('PUT', `/api/event/${eventId}`, organiser.token, {
      ...validEvent({ title: 'Stadtlauf' }),
      files: [{ s3_id: upload.s3_id, name: upload.file, key: upload.key }],
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    for (const client of streams) client.close();
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('refuses callers without an account and malformed read requests', async () => {
    expect((await call('GET', '/api/notifications', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/notifications/read', null, { all: true })).statusCode).toBe(401);
    const guest = await inviteSponsor();
    const asGuestRes = await asGuest(guest, 'GET', '/api/notifications');
    expect(asGuestRes.statusCode).toBe(401);
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ['x'] }, { ids: [1], all: true }]) {
      expect((await call('POST', '/api/notifications/read', organiser.token, body)).statusCode).toBe(400);
    }
  });

  it('tells the inviter when their team invitation is accepted', async () => {
    const before = (await alertsOf(organiser)).unread_count;
    const member = await joinedMember(t, organiser);
    const { notifications, unread_count } = await alertsOf(organiser);
    expect(unread_count).toBe(before + 1);
    expect(notifications[0]).toMatchObject({
      kind: 'invitation_accepted',
      params: { email: member.email },
      link: '/dashboard/organizer/team',
      count: 1,
      read_at: null,
    });
    // The new member has none about themselves.
    expect((await alertsOf(member)).notifications.map((a) => a.kind)).not.toContain('invitation_accepted');
  });

  it('alerts every member for a sponsor message, folding unread ones per conversation', async () => {
    const guest = await inviteSponsor();
    const conversationId = await guestWrites(guest, 'Hallo');
    const link = `/chats/?conversation=${conversationId}`;
    const byLink = (list: { notifications: Alert[] }) => list.notifications.filter((a) => a.link === link);
    for (const member of [organiser, colleague]) {
      const alerts = await eventually(
        () => alertsOf(member),
        (list) => byLink(list).length === 1,
      );
      expect(byLink(alerts)).toEqual([
        expect.objectContaining({ kind: 'new_message', params: { from: guest.email }, count: 1, read_at: null }),
      ]);
    }
    await guestWrites(guest, 'Noch eine Frage');
    const folded = await eventually(
      () => alertsOf(organiser),
      (list) => byLink(list)[0]?.count === 2,
    );
    expect(byLink(folded)).toHaveLength(1);
    expect(byLink(folded)[0]).toMatchObject({ count: 2 });
    expect(folded.notifications[0]!.link).toBe(link);

    // Once read, the next message makes a new alert.
    const first = byLink(folded)[0]!;
    const read = await call('POST', '/api/notifications/read', organiser.token, { ids: [first.id] });
    expect(read.statusCode).toBe(200);
    await guestWrites(guest, 'Und noch etwas');
    const after = await eventually(
      () => alertsOf(organiser),
      (list) => byLink(list).length === 2,
    );
    expect(byLink(after).map((a) => [a.count, a.read_at === null])).toEqual([
      [1, true],
      [2, false],
    ]);
    // Nobody outside the organisation is told.
    expect(byLink(await alertsOf(stranger))).toEqual([]);
    expect(byLink(await alertsOf(sponsor))).toEqual([]);
  });

  it('alerts the registered sponsor, not the sending side, and no one for a guest', async () => {
    const started = await call('POST', `/api/conversation/${encodeURIComponent(sponsor.email)}`, organiser.token);
    const conversationId = started.json().id as number;
    const link = `/chats/?conversation=${conversationId}`;
    expect(
      (await call('POST', `/api/conversation/${conversationId}/message`, organiser.token, { message: 'Hi' }))
        .statusCode,
    ).toBe(201);
    const alerts = await eventually(
      () => alertsOf(sponsor),
      (list) => list.notifications.some((a) => a.link === link),
    );
    expect(alerts.notifications.find((a) => a.link === link)).toMatchObject({
      kind: 'new_message',
      params: { from: 'Sportverein Musterstadt e.V.' },
    });
    // The sender's side gets nothing (the alert writes above have run by now).
    for (const member of [organiser, colleague]) {
      expect((await alertsOf(member)).notifications.some((a) => a.link === link)).toBe(false);
    }
  });

  it('tells the organisers about a signed agreement and the sponsor about the decision', async () => {
    const guest = await inviteSponsor(sponsor.email);
    const upload = (
      await call('POST', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement/upload-url`, sponsor.token, {
        file_name: 'signed.pdf',
      })
    ).json<Upload>();
    expect((await putPdf(upload.url)).statusCode).toBe(204);
    const attached = await call('PUT', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement`, sponsor.token, {
      s3_id: upload.s3_id,
      key: upload.key,
    });
    expect(attached.statusCode).toBe(200);
    for (const member of [organiser, colleague]) {
      expect((await alertsOf(member)).notifications[0]).toMatchObject({
        kind: 'signed_uploaded',
        params: { event: 'Stadtlauf', sponsor: sponsor.email },
        link: `/edit-event/${eventId}`,
      });
    }
    expect((await alertsOf(stranger)).notifications.map((a) => a.kind)).not.toContain('signed_uploaded');

    const confirmed = await call('POST', `/api/sponsorships/${guest.sponsorshipId}/status`, organiser.token, {
      status: 'confirmed',
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await alertsOf(sponsor)).notifications[0]).toMatchObject({
      kind: 'sponsorship_confirmed',
      params: { event: 'Stadtlauf' },
      link: '/dashboard-sponsor',
    });
    expect((await alertsOf(organiser)).notifications[0]!.kind).not.toBe('sponsorship_confirmed');
  });

  it('reads and marks only one’s own alerts', async () => {
    const strangerInvitation = await invite(t, stranger, uniqueEmail('joiner'));
    const joiner = await registerWithInvitation(
      t,
      new URL(strangerInvitation.url).searchParams.get('email')!,
      strangerInvitation.token,
    );
    expect((await accept(t, joiner, strangerInvitation.token)).statusCode).toBe(200);
    const strangers = await alertsOf(stranger);
    const theirs = strangers.notifications.find((a) => a.kind === 'invitation_accepted')!;
    expect(theirs.read_at).toBeNull();
    expect((await alertsOf(organiser)).notifications.map((a) => a.id)).not.toContain(theirs.id);

    const before = await alertsOf(organiser);
    const ignored = await call('POST', '/api/notifications/read', organiser.token, { ids: [theirs.id] });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toEqual({ unread_count: before.unread_count });
    expect((await alertsOf(stranger)).notifications.find((a) => a.id === theirs.id)!.read_at).toBeNull();

    const all = await call('POST', '/api/notifications/read', organiser.token, { all: true });
    expect(all.json()).toEqual({ unread_count: 0 });
    expect((await alertsOf(organiser)).notifications.every((a) => a.read_at !== null)).toBe(true);
    expect((await alertsOf(stranger)).unread_count).toBe(strangers.unread_count);
  });

  it('pushes new alerts and read changes to the recipient’s open streams only', async () => {
    const open = async (user: TestUser) => {
      const client = await connectStream(t.baseUrl, '/api/stream', { authorization: `Bearer ${user.token}` });
      streams.push(client);
      await client.next((e) => e.event === 'ready');
      return client;
    };
    const [mine, colleagues, strangers] = await Promise.all([open(organiser), open(colleague), open(stranger)]);
    await call('POST', '/api/notifications/read', organiser.token, { all: true });
    const guest = await inviteSponsor();
    const conversationId = await guestWrites(guest, 'Live?');

    const pushed = await mine.next((e) => e.event === 'notification');
    const data = JSON.parse(pushed.data);
    expect(data).toMatchObject({
      notification: { kind: 'new_message', link: `/chats/?conversation=${conversationId}`, count: 1 },
      unread_count: 1,
    });
    await colleagues.next((e) => e.event === 'notification');

    const read = await call('POST', '/api/notifications/read', organiser.token, { ids: [data.notification.id] });
    expect(read.json()).toEqual({ unread_count: 0 });
    const readEvent = await mine.next((e) => e.event === 'notification_read');
    expect(JSON.parse(readEvent.data)).toEqual({ ids: [data.notification.id], unread_count: 0 });

    await wait(100);
    expect(strangers.events.filter((e) => e.event.startsWith('notification'))).toEqual([]);
    // The colleague's own copy stays unread; their stream was not told of the organiser's read.
    expect(colleagues.events.some((e) => e.event === 'notification_read')).toBe(false);
  });
  // Only PostgreSQL has a shared bus across processes; on SQLite the test is not defined (not skipped).
  if (engine === 'postgres') {
    it('pushes an alert written by one API process to the recipient’s stream on another', async () => {
      const channel = `alerts_test_${randomBytes(4).toString('hex')}`;
      const connection = { connectionString: t.database.url };
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
        const onTwo = await connectStream(two.url, '/api/stream', { authorization: `Bearer ${organiser.token}` });
        streams.push(onTwo);
        await onTwo.next((e) => e.event === 'ready');
        const guest = await inviteSponsor();
        const headers = { authorization: guest.header };
        const [conversation] = (
          await one.app.inject({ method: 'GET', url: '/api/token/conversation', headers })
        ).json();
        const posted = await one.app.inject({
          method: 'POST',
          url: `/api/token/conversation/${conversation.id}/message`,
          headers,
          payload: { message: 'Über die Datenbank' },
        });
        expect(posted.statusCode).toBe(201);
        const pushed = await onTwo.next((e) => e.event === 'notification');
        expect(JSON.parse(pushed.data)).toMatchObject({
          notification: { kind: 'new_message', link: `/chats/?conversation=${conversation.id}` },
        });
        onTwo.close();
      } finally {
        await one.app.close();
        await two.app.close();
        for (const bus of buses) await bus.close();
      }
    });
  }
});
