// What every operation of the provider works with: settings, repository, keys, mail, clock and the
// sign-up gate, plus the checks shared by many operations (client id, access token) and a tracker for
// work that finishes after the answer (mail delivery, housekeeping), awaited when the app closes.
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@sp/shared';
import type { Db } from '../db/index.ts';
import type { MailPort } from '../ports/mail/mail-port.ts';
import { longestWindowMs, type AddressLimits } from './address-limits.ts';
import { notAuthorized, resourceNotFound } from './errors.ts';
import { createKeyStore, type KeyStore } from './keys.ts';
import type { SecretBox } from './secret-box.ts';
import { createDummyHash, DEFAULT_SCRYPT, type ScryptParams } from './passwords.ts';
import { createIdentityRepository, type IdentityRepository, type IdentityUser } from './repository.ts';
import { closedGate, type SignUpGate } from './sign-up-gate.ts';
import { FAILURE_MEMORY_MS, THROTTLE_WINDOW_MS } from './throttle.ts';
import {
  AccessTokenError,
  createAccessTokenVerifier,
  isRevoked,
  type AccessClaims,
  type AccessTokenSignatureVerifier,
} from './tokens.ts';

export type IdentitySettings = {
  userPoolId: string;
  clientId: string;
  /** `${PUBLIC_URL}/identity/${userPoolId}` */
  issuer: string;
  defaultLanguage: Language;
  /** Limits per client address (decision 016); every limit null turns them off. */
  addressLimits: AddressLimits;
};

export type IdentityOptions = {
  db: Db;
  settings: IdentitySettings;
  mail: MailPort;
  log: FastifyBaseLogger;
  /** Seals the two-factor secrets in the database (decision 045; `loadSecretBox`). */
  secrets: SecretBox;
  clock?: () => Date;
  /** Who may sign up; nobody unless given (app.ts gives the invitation code and link gates). */
  signUpGate?: SignUpGate;
  passwordHashing?: ScryptParams;
  /** The name of the user's organisation, which a new password must not be built from; none by default. */
  organisationNameOf?: (sub: string) => Promise<string | null>;
};

export type IdentityContext = {
  settings: IdentitySettings;
  repo: IdentityRepository;
  keys: KeyStore;
  secrets: SecretBox;
  mail: MailPort;
  log: FastifyBaseLogger;
  clock: () => Date;
  gate: SignUpGate;
  hashing: ScryptParams;
  organisationNameOf: (sub: string) => Promise<string | null>;
  dummyHash: () => Promise<string>;
  verifyAccessTokenSignature: AccessTokenSignatureVerifier;
  /** Runs work after the answer; failures are logged, never shown to the caller. */
  background(task: () => Promise<unknown>): void;
  /** Resolves when all background work has finished. */
  settle(): Promise<void>;
  /** Deletes rows no rule looks at any more; at most every 10 minutes, after the answer. */
  housekeeping(): void;
  /** Told after a sign-out or revocation, so this process refuses the tokens at once (not after 1 s). */
  onRevoked?: () => void;
};

const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;

export function createIdentityContext(options: IdentityOptions): IdentityContext {
  const keys = createKeyStore(options.db, options.secrets);
  const hashing = options.passwordHashing ?? DEFAULT_SCRYPT;
  const pending = new Set<Promise<unknown>>();
  let lastHousekeeping = 0;
  const context: IdentityContext = {
    settings: options.settings,
    repo: createIdentityRepository(options.db),
    keys,
    secrets: options.secrets,
    mail: options.mail,
    log: options.log,
    clock: options.clock ?? (() => new Date()),
    gate: options.signUpGate ?? closedGate,
    hashing,
    organisationNameOf: options.organisationNameOf ?? (async () => null),
    dummyHash: createDummyHash(hashing),
    verifyAccessTokenSignature: createAccessTokenVerifier(options.settings, keys.jwks),
    background(task) {
      const running: Promise<unknown> = task()
        .catch((error: unknown) => options.log.error({ err: error }, 'identity background task failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    housekeeping() {
      const now = context.clock();
      if (Math.abs(now.getTime() - lastHousekeeping) < HOUSEKEEPING_EVERY_MS) return;
      lastHousekeeping = now.getTime();
      const addressWindowMs = longestWindowMs(context.settings.addressLimits);
      context.background(() => context.repo.prune(now, THROTTLE_WINDOW_MS, FAILURE_MEMORY_MS, addressWindowMs));
    },
  };
  return context;
}

/** Cognito answers an unknown app client this way. */
export function assertClient(ctx: IdentityContext, clientId: string): void {
  if (clientId !== ctx.settings.clientId)
    throw resourceNotFound(`User pool client ${clientId.slice(0, 128)} does not exist.`);
}

/** An access token that is valid now and not revoked, with its user. Always checked against the database. */
export async function authorise(
  ctx: IdentityContext,
  accessToken: string,
): Promise<{ user: IdentityUser; claims: AccessClaims }> {
  let claims: AccessClaims;
  try {
    claims = await ctx.verifyAccessTokenSignature(accessToken, ctx.clock());
  } catch (error) {
    if (error instanceof AccessTokenError) throw notAuthorized(error.message);
    throw error;
  }
  const state = await ctx.repo.sessionState(claims.originJti);
  const user = isRevoked(claims, state) ? undefined : await ctx.repo.findUserBySub(claims.sub);
  if (!user) throw notAuthorized('Access Token has been revoked');
  return { user, claims };
}

/** Finds a user by the e-mail they sign in with, or by the username (sub) the tokens carry. */
export async function findUser(ctx: IdentityContext, username: string): Promise<IdentityUser | undefined> {
  const byEmail = await ctx.repo.findUserByEmail(username);
  if (byEmail || !/^[0-9a-f-]{36}$/i.test(username)) return byEmail;
  return ctx.repo.findUserBySub(username.toLowerCase());
}
