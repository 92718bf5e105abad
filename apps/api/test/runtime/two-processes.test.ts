// Two server processes on one PostgreSQL database and one file store, as behind a load balancer
// (issue 22, point 3): a conversation's live stream on one process receives a message posted on the
// other; a stream ticket, an upload URL and a sign-out made on one are honoured by the other; and the
// request limits are counted across both when REDIS_URL is set (TEST_REDIS_URL; CI sets it), each
// process for itself without it (the embedded default). Runs with TEST_DATABASE_URL only.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pdfBytes } from '../../src/modules/events/test-support.ts';
import { client, freePort, kill, printedInvitationCode, startServer, type Server } from '../child-server.ts';
import { cleanupsAfterAll, ENGINES, inviteSponsor, place, QUIET_ENV, uploadSignedAgreement } from './placed-servers.ts';

const TARGETS = ENGINES.filter((engine) => engine === 'postgres');
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
const INVITE_CODE_LIMIT = 6;

/** Reads an SSE stream until a frame of `event` arrives (or the time is up); its data. */
async function nextFrame(response: Response, event: string, timeoutMs = 10_000): Promise<unknown> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${event} frame`)), timeoutMs)),
      ]);
      if (chunk.done) break;
      buffered += decoder.decode(chunk.value, { stream: true });
      for (const frame of buffered.split('\n\n').slice(0, -1)) {
        const name = /^event: (.+)$/m.exec(frame)?.[1];
        const data = /^data: (.+)$/m.exec(frame)?.[1];
        if (name === event && data) return JSON.parse(data);
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  throw new Error(`no ${event} frame`);
}

describe.each(TARGETS)(`two server processes on one %s database${REDIS_URL ? ' and Redis' : ''}`, (engine) => {
  const cleanup = cleanupsAfterAll();
  let a: Server;
  let b: Server;
  let organiser: { token: string; organisationId: number };
  let guest: string;
  let sponsorshipId: number;

  beforeAll(async () => {
    const env = {
      ...QUIET_ENV,
      ...(await place(engine, 'two-processes', cleanup)),
      REDIS_URL,
      // A run of its own in a shared Redis: the counts of an earlier run do not carry over.
      REDIS_KEY_PREFIX: `sp-test-${Date.now()}:`,
      RATE_LIMIT_INVITE_CODE: `${INVITE_CODE_LIMIT}/60`,
      RATE_LIMIT_GUEST_CHAT: 'off',
      RATE_LIMIT_UPLOADS: 'off',
      RATE_LIMIT_SIGN_IN_FAILURES: 'off',
      RATE_LIMIT_SIGN_UPS: 'off',
      RATE_LIMIT_FORGOT_PASSWORD: 'off',
      RATE_LIMIT_CODE_SUBMISSIONS: 'off',
    };
    // One after the other: the first runs the migrations. Behind a load balancer both answer under
    // one public address (the tokens' issuer, the upload URLs): here A's.
    const portA = await freePort();
    const shared = { ...env, PUBLIC_URL: `http://127.0.0.1:${portA}` };
    a = await startServer(shared, portA);
    cleanup(() => kill(a, 'SIGTERM'));
    b = await startServer(shared, await freePort());
    cleanup(() => kill(b, 'SIGTERM'));
    organiser = await client(a.base).onboardOrganiser(
      `two.organiser.${Date.now()}@example.org`,
      printedInvitationCode(a),
      'Zwei Prozesse e.V.',
    );
    const api = client(b.base).api;
    const event = await api('POST', '/api/event/-1', organiser.token, {
      title: 'Zwei Prozesse',
      event_date: '2027-07-04',
      location: 'Halle',
      description: 'Zwei Prozesse, eine Datenbank.',
    });
    expect(event.status).toBe(201);
    const email = `two.sponsor.${Date.now()}@example.org`;
    ({ guest, sponsorshipId } = await inviteSponsor(a.base, organiser.token, event.json().id as number, {
      email,
      amount_cents: 50_000,
    }));
  }, 120_000);

  it('delivers a message posted on one process to a live stream held by the other, with a ticket from the first', async () => {
    const conversationId = (await client(a.base).api('GET', '/api/token/conversation', guest)).json()[0]!.id as number;
    const ticket = await client(a.base).api('POST', '/api/stream/ticket', organiser.token, {});
    expect(ticket.status).toBe(200);
    const stream = await fetch(`${b.base}/api/stream?ticket=${encodeURIComponent(ticket.json().ticket as string)}`);
    expect(stream.status).toBe(200);
    const frame = nextFrame(stream, 'message');
    // The stream is registered once its first bytes are out; give the hub a moment, then post on A.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const posted = await client(a.base).api('POST', `/api/token/conversation/${conversationId}/message`, guest, {
      message: 'Hallo von Prozess A',
    });
    expect(posted.status).toBe(201);
    expect(await frame).toMatchObject({ conversation_id: conversationId, message: 'Hallo von Prozess A' });
  });

  it("answers a page of messages kept on one process with the other's new message and read mark (decision 043)", async () => {
    const conversationId = (await client(a.base).api('GET', '/api/token/conversation', guest)).json()[0]!.id as number;
    const page = async (base: string) =>
      (
        (await client(base).api('GET', `/api/conversation/${conversationId}`, organiser.token)).json() as {
          message: string;
          from_me: boolean;
          is_read: boolean;
        }[]
      ).map((m) => `${m.message}:${m.is_read}`);
    // B keeps the organiser's page; the guest reads on A, the organiser writes on B, the guest reads it on A.
    const before = await page(b.base);
    expect(await page(b.base)).toEqual(before);
    const readByGuest = await client(a.base).api('GET', `/api/token/conversation/${conversationId}`, guest);
    expect(readByGuest.status).toBe(200);
    const sent = await client(b.base).api('POST', `/api/conversation/${conversationId}/message`, organiser.token, {
      message: 'Antwort von Prozess B',
    });
    expect(sent.status).toBe(201);
    expect((await page(b.base)).at(-1)).toBe('Antwort von Prozess B:false');
    expect(await client(a.base).api('GET', `/api/token/conversation/${conversationId}`, guest)).toMatchObject({
      status: 200,
    });
    // The guest read it on A: B's kept page says so once A's event has arrived (well within a second).
    const deadline = Date.now() + 2_000;
    let last = await page(b.base);
    while (last.at(-1) !== 'Antwort von Prozess B:true' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      last = await page(b.base);
    }
    expect(last.at(-1)).toBe('Antwort von Prozess B:true');
  });

  it('takes an upload through the URL another process made, and serves it from either', async () => {
    // The upload URL made on A, the file sent to B, attached on A.
    await uploadSignedAgreement(a.base, guest, sponsorshipId, pdfBytes('signed'), b.base);
    const seen = await client(b.base).api('GET', `/api/sponsorships/${sponsorshipId}`, guest);
    expect(seen.json()).toMatchObject({ status: 'signed', signed_agreement: { name: 'unterschrieben.pdf' } });
  });

  it(`counts the request limits ${REDIS_URL ? 'across both processes' : 'in each process'}`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < INVITE_CODE_LIMIT + 2; i++) {
      const server = i % 2 === 0 ? a : b;
      statuses.push((await fetch(`${server.base}/api/invite/ZZZZ-ZZZZ-${String(i).padStart(4, '0')}`)).status);
    }
    if (REDIS_URL) {
      // Six look-ups in all, then 429 on whichever process is asked.
      expect(statuses).toEqual([...Array<number>(INVITE_CODE_LIMIT).fill(404), 429, 429]);
    } else {
      expect(statuses).toEqual(Array<number>(INVITE_CODE_LIMIT + 2).fill(404));
    }
  });

  // Last: it signs the organiser out.
  it('refuses on one process a token signed out on the other', async () => {
    const events = `/api/events/${organiser.organisationId}`;
    expect((await client(b.base).api('GET', events, organiser.token)).status).toBe(200);
    const signedOut = await client(a.base).identity('GlobalSignOut', { AccessToken: organiser.token });
    expect(signedOut.status).toBe(200);
    // The other process keeps a revocation answer for at most a second (decision 004).
    const signedOutAt = Date.now();
    await vi.waitFor(async () => expect((await client(b.base).api('GET', events, organiser.token)).status).toBe(401), {
      timeout: 5000,
      interval: 100,
    });
    expect(Date.now() - signedOutAt).toBeLessThan(2500);
  });
});
