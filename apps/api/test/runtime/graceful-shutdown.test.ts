// Graceful shutdown (issue 63, point 4; decision 076), on each engine: SIGTERM while writers and
// sign-ups (each sends a mail) keep the server busy. The process ends its live stream (the client
// reconnects), answers every request it took (none with 503 or 500), exits with 0 well within
// SHUTDOWN_TIMEOUT_SECONDS, and after a restart every acknowledged write and every mail is there.
import { describe, expect, it } from 'vitest';
import {
  CLIENT_ID,
  MAILBOX_TOKEN,
  PASSWORD,
  client,
  freePort,
  kill,
  printedInvitationCode,
  startServer,
} from '../child-server.ts';
import { allEventTitles, cleanupsAfterAll, ENGINES, place, QUIET_ENV } from './placed-servers.ts';

const SHUTDOWN_TIMEOUT_SECONDS = 20;

describe.each(ENGINES)('SIGTERM under load on %s', (engine) => {
  const cleanup = cleanupsAfterAll();

  it('answers what it took, ends its streams, loses no write or mail, and exits in time', async () => {
    const port = await freePort();
    const env = {
      ...QUIET_ENV,
      ...(await place(engine, 'shutdown', cleanup)),
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
      RATE_LIMIT_SIGN_UPS: 'off',
    };
    const server = await startServer(env, port);
    cleanup(() => kill(server, 'SIGKILL'));
    const { api, identity, onboardOrganiser } = client(server.base);
    const invitationCode = printedInvitationCode(server);
    const organiser = await onboardOrganiser(`shutdown.${Date.now()}@example.org`, invitationCode, 'Feierabend e.V.');

    const ticket = await api('POST', '/api/stream/ticket', organiser.token, {});
    const stream = await fetch(
      `${server.base}/api/stream?ticket=${encodeURIComponent(ticket.json().ticket as string)}`,
    );
    expect(stream.status).toBe(200);
    const streamEnded = (async () => {
      const reader = stream.body!.getReader();
      for (;;) if ((await reader.read()).done) return 'ended';
    })().catch((error: unknown) => `failed: ${String(error)}`);

    // Load: writers adding events and sign-ups (a mail each) until the server stops answering.
    const statuses: number[] = [];
    const titles: string[] = [];
    const signedUp: string[] = [];
    let n = 0;
    const untilGone = async (attempt: () => Promise<void>) => {
      for (;;) {
        try {
          await attempt();
        } catch {
          // Not taken: the connection was refused or closed before the request was read.
          return;
        }
      }
    };
    const writer = () =>
      untilGone(async () => {
        const title = `Abend ${n++}`;
        const res = await api('POST', '/api/event/-1', organiser.token, {
          title,
          event_date: '2027-06-01',
          location: 'Bremen',
          description: 'Kurz vor dem Ende.',
        });
        statuses.push(res.status);
        if (res.status === 201) titles.push(title);
      });
    const signer = () =>
      untilGone(async () => {
        const email = `late.${n++}@example.org`;
        const res = await identity('SignUp', {
          ClientId: CLIENT_ID,
          Username: email,
          Password: PASSWORD,
          ClientMetadata: { invitationCode },
        });
        statuses.push(res.status);
        if (res.status === 200) signedUp.push(email);
      });
    const load = [writer(), writer(), writer(), writer(), signer(), signer()];
    await new Promise((resolve) => setTimeout(resolve, 700));

    const signalled = Date.now();
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited, server.output().slice(-3000)).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000);
    await Promise.all(load);
    expect(await streamEnded).toBe('ended');
    expect(titles.length).toBeGreaterThan(0);
    expect(signedUp.length).toBeGreaterThan(0);
    // Every request the server read was answered as on any other day.
    expect(statuses.filter((status) => status !== 201 && status !== 200)).toEqual([]);

    // On the same port (the tokens' issuer): the organiser's token still holds.
    const again = await startServer(env, port);
    cleanup(() => kill(again, 'SIGTERM'));
    const found = await allEventTitles(again.base, organiser.organisationId, organiser.token);
    expect(found).toEqual(expect.arrayContaining(titles));
    const { mails } = (await (await fetch(`${again.base}/dev/mailbox.json?token=${MAILBOX_TOKEN}`)).json()) as {
      mails: Array<{ to: string }>;
    };
    const mailed = new Set(mails.map((mail) => mail.to));
    expect(signedUp.filter((email) => !mailed.has(email))).toEqual([]);
  }, 120_000);
});
