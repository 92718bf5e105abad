// Test support for tests that need the real server as a child process (crash safety, the runtime's
// garbage-collection test): a free port, start and stop, a fresh PostgreSQL database, and a small
// client for the identity provider, the API and the local mailbox.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const MAILBOX_TOKEN = 'child-server-mailbox-token';
export const PASSWORD = 'Correct-Horse-1';
export const CLIENT_ID = 'sponsoringwebclient';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type Server = { child: ChildProcess; base: string; output: () => string };

/**
 * Starts the server on `port` and waits for its health check. `command` is what node runs: by
 * default the TypeScript sources through tsx; the runtime test passes the built bundle and flags.
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  port: number,
  command: string[] = ['--import', 'tsx', 'apps/api/src/server.ts'],
): Promise<Server> {
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: { ...process.env, MAILBOX_TOKEN, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, base, output: () => output };
}

export async function kill(server: Server, signal: NodeJS.Signals) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

/** A fresh PostgreSQL database for one run, dropped afterwards. */
export async function freshPostgres(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export function client(base: string) {
  const identity = async (operation: string, body: unknown) => {
    const res = await fetch(`${base}/identity/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const api = async (method: string, url: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: token.includes(':') ? token : `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    type Loose = Record<string, unknown> & Array<Record<string, unknown>>;
    return { status: res.status, headers: res.headers, json: <T = Loose>() => JSON.parse(text) as T };
  };
  const codeFor = async (email: string) => {
    for (let i = 0; i < 100; i++) {
      const { mails } = (await (await fetch(`${base}/dev/mailbox.json?token=${MAILBOX_TOKEN}`)).json()) as {
        mails: Array<{ to: string; text: string }>;
      };
      const code = /\b(\d{6})\b/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no code for ${email}`);
  };
  /** Signs up, confirms and signs in `email` with the invitation code the server printed; the access token. */
  const signUp = async (email: string, invitationCode: string) => {
    const signedUp = await identity('SignUp', {
      ClientId: CLIENT_ID,
      Username: email,
      Password: PASSWORD,
      ClientMetadata: { invitationCode },
    });
    if (signedUp.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signedUp.body)}`);
    const confirmed = await identity('ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: email,
      ConfirmationCode: await codeFor(email),
    });
    if (confirmed.status !== 200) throw new Error(`confirmation failed: ${JSON.stringify(confirmed.body)}`);
    const signIn = await identity('InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    });
    return (signIn.body.AuthenticationResult as { AccessToken: string }).AccessToken;
  };
  /** A signed-up organiser who finished onboarding with a new organisation named `organisationName`. */
  const onboardOrganiser = async (email: string, invitationCode: string, organisationName: string) => {
    const token = await signUp(email, invitationCode);
    const onboarding = await api('POST', '/api/user-profile', token, {
      role: 'veranstalter',
      organisation_name: organisationName,
      street: 'Weg',
      house_number: '1',
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
    });
    if (onboarding.status !== 201) throw new Error(`onboarding failed: ${onboarding.status}`);
    return { token, organisationId: (onboarding.json().user as { organisation_id: number }).organisation_id };
  };
  return { identity, api, codeFor, signUp, onboardOrganiser };
}

/** The invitation code a freshly started server prints for its first user. */
export function printedInvitationCode(server: Server): string {
  const code = /Invitation code:\s+(\S+)/.exec(server.output())?.[1];
  if (!code) throw new Error(`no invitation code in the server's output: ${server.output()}`);
  return code;
}
