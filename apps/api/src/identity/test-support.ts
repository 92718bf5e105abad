// Test support for the identity provider (imported by tests only): an app on a real database with a
// movable clock and cheap password hashing, a way to call the protocol, and the codes from the outbox.
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../db/column-types.ts';
import { buildApp, type AppDeps } from '../app.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { inviteCodesOf } from '../modules/invite-codes/index.ts';
import { listOutbox } from '../ports/mail/outbox.ts';
import {
  assertInvariantsHold,
  createTestDatabase,
  testConfig,
  type InvariantsOptOut,
  type TestDatabase,
} from '../../test/helpers.ts';
import type { ScryptParams } from './passwords.ts';

/** Fast but still real scrypt, for tests that hash many passwords. */
export const FAST_HASHING: ScryptParams = { N: 1024, r: 8, p: 1 };
export const PASSWORD = 'Correct-Horse-1';

export type FakeClock = { (): Date; advance(ms: number): void };

/** Starts at the real time and moves only when told (or follows real time when `follow` is set). */
export function fakeClock(start = new Date()): FakeClock {
  let offset = 0;
  const base = start.getTime();
  const clock = (() => new Date(base + offset)) as FakeClock;
  clock.advance = (ms: number) => {
    offset += ms;
  };
  return clock;
}

export type IdentityTestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  clock: FakeClock;
  /** http://127.0.0.1:<port> when listening, else ''. */
  baseUrl: string;
  close: () => Promise<void>;
};

export async function startIdentityApp(
  engine: Engine,
  options: {
    listen?: boolean;
    env?: NodeJS.ProcessEnv;
    deps?: Partial<AppDeps>;
    /** Extra routes for the test only (registered before the app is ready). */
    routes?: (app: FastifyInstance) => void;
  } & InvariantsOptOut = {},
): Promise<IdentityTestApp> {
  const database = await createTestDatabase(engine);
  const config = testConfig(options.env);
  const clock = fakeClock();
  const app = await buildApp({
    config,
    database,
    webDistDir: null,
    logger: false,
    clock,
    passwordHashing: FAST_HASHING,
    ...options.deps,
  });
  options.routes?.(app);
  let baseUrl = '';
  if (options.listen) baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.ready();
  return {
    app,
    database,
    config,
    clock,
    baseUrl,
    close: async () => {
      await app.close();
      try {
        // Every business invariant holds after the test's last request (issue 55).
        if (!options.plantsViolations) await assertInvariantsHold(database.db, options.deps?.clock ?? clock);
      } finally {
        await database.dispose();
      }
    },
  };
}

/** What tests read from a protocol answer: Cognito's error members or an operation's output. */
export type IdentityAnswer = {
  __type?: string;
  message?: string;
  UserSub?: string;
  AuthenticationResult?: { AccessToken: string; IdToken: string; RefreshToken?: string };
  [member: string]: unknown;
};

/** One protocol call through app.inject: status and parsed body. */
export async function callIdentity(app: FastifyInstance, operation: string, body: unknown) {
  const response = await app.inject({
    method: 'POST',
    url: '/identity/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json<IdentityAnswer>(), headers: response.headers };
}

export const newInvitationCode = (db: Db) => inviteCodesOf(db).create({});

/** The 6-digit code of the newest mail to `to` (mail may be sent just after the answer: polls briefly). */
export async function latestCode(
  db: Db,
  to: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 3000);
  for (;;) {
    const mail = (await listOutbox(db, 50)).find(
      (m) => m.to.toLowerCase() === to.toLowerCase() && m.id > (options.after ?? 0),
    );
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No mail with a code for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function lastOutboxId(db: Db): Promise<number> {
  return (await listOutbox(db, 1))[0]?.id ?? 0;
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++counter}@example.org`;

/** Signs up, confirms with the mailed code, and signs in over app.inject; returns the tokens. */
export async function signUpAndSignIn(t: IdentityTestApp, email = uniqueEmail(), password = PASSWORD) {
  const clientId = t.config.identity.clientId;
  const invitationCode = await newInvitationCode(t.database.db);
  const signUp = await callIdentity(t.app, 'SignUp', {
    ClientId: clientId,
    Username: email,
    Password: password,
    ClientMetadata: { invitationCode },
  });
  if (signUp.status !== 200) throw new Error(`SignUp failed: ${JSON.stringify(signUp.body)}`);
  const code = await latestCode(t.database.db, email);
  const confirm = await callIdentity(t.app, 'ConfirmSignUp', {
    ClientId: clientId,
    Username: email,
    ConfirmationCode: code,
  });
  if (confirm.status !== 200) throw new Error(`ConfirmSignUp failed: ${JSON.stringify(confirm.body)}`);
  const signIn = await callIdentity(t.app, 'InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  if (signIn.status !== 200) throw new Error(`InitiateAuth failed: ${JSON.stringify(signIn.body)}`);
  const { AccessToken, IdToken, RefreshToken } = signIn.body.AuthenticationResult!;
  return { email, password, sub: signUp.body.UserSub!, AccessToken, IdToken, RefreshToken: RefreshToken! };
}
