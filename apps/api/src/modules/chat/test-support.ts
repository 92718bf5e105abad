// Test support for the chat (imported by tests only): a Server-Sent Events client over real HTTP, and
// the world of the chat's API tests (chatWorld).
import http from 'node:http';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Engine } from '../../db/column-types.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import type { InvariantsOptOut } from '../../../test/helpers.ts';
import { listOutbox } from '../../ports/mail/outbox.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { joinedMember } from '../invitations/test-support.ts';

export type SseEvent = { event: string; id?: string; data: string };

export type SseClient = {
  status: number;
  body: string;
  events: SseEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The first event (already received or arriving within `timeoutMs`) that matches. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
};

/** Connects with node's http.get (not inject: the stream never ends) and parses the events. */
export function connectStream(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      res.setEncoding('utf8');
      let buffer = '';
      const waiters: { match: (event: SseEvent) => boolean; resolve: (event: SseEvent) => void }[] = [];
      const client: SseClient = {
        status: res.statusCode ?? 0,
        body: '',
        events: [],
        ended: new Promise((resolveEnd) => res.on('close', () => resolveEnd())),
        next(match, timeoutMs = 3000) {
          const found = client.events.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((resolveEvent, rejectEvent) => {
            const timer = setTimeout(() => rejectEvent(new Error('no matching stream event')), timeoutMs);
            waiters.push({
              match,
              resolve: (event) => {
                clearTimeout(timer);
                resolveEvent(event);
              },
            });
          });
        },
        close: () => request.destroy(),
      };
      res.on('data', (chunk: string) => {
        client.body += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon === 0) continue;
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event.event = value;
            if (field === 'id') event.id = value;
            if (field === 'data') {
              event.data = hasData ? `${event.data}\n${value}` : value;
              hasData = true;
            }
          }
          if (!hasData) continue;
          client.events.push(event);
          for (const waiter of [...waiters]) {
            if (waiter.match(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(event);
            }
          }
        }
      });
      res.on('error', () => undefined);
      // A refused stream answers JSON and ends; wait for its body.
      if (res.statusCode !== 200) res.on('end', () => resolve(client));
      else resolve(client);
    });
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The world of the chat's API tests (chat.test.ts, chat-stream.test.ts): an identity app listening on a
// port, an organiser with a colleague and an event, another organisation, a sponsor, and helpers for
// guests, streams and mails. Call it inside a describe: it registers the set-up and the clean-up there.
export function chatWorld(engine: Engine, options: InvariantsOptOut = {}) {
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
    t = await startIdentityApp(engine, { ...options, listen: true });
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

  return {
    get t() {
      return t;
    },
    get organiser() {
      return organiser;
    },
    /** A test that moves the clock past the tokens' hour signs the users in again for the next. */
    set organiser(user: TestUser) {
      organiser = user;
    },
    get colleague() {
      return colleague;
    },
    set colleague(user: TestUser) {
      colleague = user;
    },
    get other() {
      return other;
    },
    get sponsor() {
      return sponsor;
    },
    get eventId() {
      return eventId;
    },
    call,
    /** Streams opened by a test; closed after the file's tests. */
    streams,
    inviteGuest,
    asGuest,
    guestConversation,
    stream,
    mailsTo,
    eventually,
  };
}
