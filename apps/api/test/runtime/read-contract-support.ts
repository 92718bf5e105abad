// What the read cache's contract tests (read-contract-*.test.ts, issue 56) share: members joined over
// HTTP to a real server process, reads of an event's title recorded with the time they started, a
// check of those reads against the contract, a TCP relay that can silently stop a notice connection,
// and a seeded random generator (the seed is printed, so a failing run can be repeated).
import net from 'node:net';
import { expect } from 'vitest';
import { client, PASSWORD } from '../child-server.ts';

/** How old an answer another process (or another connection's write) may be: the contract's second. */
export const OTHER_PROCESS_MS = 1000;

/** A small seeded generator (mulberry32): SEED=<n> repeats a run. */
export function random(seed = Number(process.env.SEED ?? Date.now() % 1_000_000)) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { seed, next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

/** A member of the organiser's organisation, invited and joined through `base`'s HTTP API. */
export async function joinOverHttp(base: string, organiserToken: string, email: string): Promise<string> {
  const { api, identity, codeFor } = client(base);
  const invited = await api('POST', '/api/invitations', organiserToken, { email });
  if (invited.status !== 201) throw new Error(`invitation: ${invited.status}`);
  const invitationToken = invited.json().token as string;
  const signedUp = await identity('SignUp', {
    ClientId: 'sponsoringwebclient',
    Username: email,
    Password: PASSWORD,
    ClientMetadata: { invitationToken },
  });
  if (signedUp.status !== 200) throw new Error(`sign-up: ${JSON.stringify(signedUp.body)}`);
  const confirmed = await identity('ConfirmSignUp', {
    ClientId: 'sponsoringwebclient',
    Username: email,
    ConfirmationCode: await codeFor(email),
  });
  if (confirmed.status !== 200) throw new Error(`confirmation: ${JSON.stringify(confirmed.body)}`);
  const signIn = await identity('InitiateAuth', {
    ClientId: 'sponsoringwebclient',
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD },
  });
  const token = (signIn.body.AuthenticationResult as { AccessToken: string }).AccessToken;
  const accepted = await api('POST', `/api/invitations/accept/${invitationToken}`, token, {
    token: invitationToken,
    cognitoId: signedUp.body.UserSub,
    email,
  });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status}`);
  return token;
}

export type Read = { where: string; startedAt: number; title: string };

/** The event's title as `base` answers it to `token`, by the event page or by the organisation's list. */
export async function readTitle(
  base: string,
  token: string,
  via: { eventId: number; organisationId: number; list: boolean },
): Promise<string> {
  const { api } = client(base);
  if (!via.list) {
    const page = await api('GET', `/api/event/${via.eventId}`, token);
    expect(page.status).toBe(200);
    return page.json().title as string;
  }
  const list = await api('GET', `/api/events/${via.organisationId}`, token);
  expect(list.status).toBe(200);
  const found = list.json<{ id: number; title: string }[]>().find((event) => event.id === via.eventId);
  return found?.title ?? '(missing)';
}

/**
 * The contract for one write acknowledged at `ackedAt` with `title`: every read on the writing
 * process started after the acknowledgement, and every read elsewhere started more than 1 s after it,
 * answers the new title.
 */
export function expectContract(reads: readonly Read[], writer: string, ackedAt: number, title: string, round: string) {
  const stale = reads.filter(
    (read) =>
      read.title !== title &&
      (read.where === writer ? read.startedAt >= ackedAt : read.startedAt >= ackedAt + OTHER_PROCESS_MS),
  );
  expect(
    stale.map((read) => `${read.where} +${read.startedAt - ackedAt} ms: ${read.title}`),
    `${round}: answers older than the contract allows (want ${title})`,
  ).toEqual([]);
}

/**
 * A TCP relay to PostgreSQL. `silence()` stops passing anything to and from the connections whose
 * startup names an application starting with `application` (the notice listeners), without closing
 * them: a connection dropped by the network, which neither side hears of; `restore()` ends them.
 */
export async function relayTo(target: { host: string; port: number }, application: string) {
  const sockets = new Set<{ client: net.Socket; server: net.Socket; tagged: boolean }>();
  let silent = false;
  const relay = net.createServer((clientSocket) => {
    const server = net.connect(target.port, target.host);
    const pair = { client: clientSocket, server, tagged: false };
    sockets.add(pair);
    let first = true;
    clientSocket.on('data', (chunk) => {
      if (first) pair.tagged = chunk.includes(Buffer.from(`\0${application}`));
      first = false;
      if (!(silent && pair.tagged)) server.write(chunk);
    });
    server.on('data', (chunk) => {
      if (!(silent && pair.tagged)) clientSocket.write(chunk);
    });
    const close = () => {
      sockets.delete(pair);
      clientSocket.destroy();
      server.destroy();
    };
    clientSocket.on('error', close).on('close', close);
    server.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    port: (relay.address() as net.AddressInfo).port,
    silence: () => void (silent = true),
    /** Ends the silenced connections (their clients reconnect) and passes everything again. */
    restore() {
      for (const pair of sockets) if (pair.tagged) pair.client.destroy();
      silent = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of sockets) pair.client.destroy();
        relay.close(() => resolve());
      }),
  };
}
