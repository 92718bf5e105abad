// Data access of the identity provider (Kysely only here). Returns plain domain objects with dates,
// booleans and JSON already normalised, so both engines look the same to the operations.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { DbTime } from '../db/schema.ts';
import { fromDbBool, fromDbCount, fromDbTime, fromDbTimeOrNull, toDbBool, toDbTime } from '../db/values.ts';
import type { CodePurpose } from './codes.ts';
import type { AddressLimitKind } from './address-limits.ts';
import type { ThrottleKind } from './throttle.ts';
import { createDevicesRepository } from './devices-repository.ts';
import { createSessionsRepository } from './sessions-repository.ts';

export type { Device } from './devices-repository.ts';
export type { SessionState } from './sessions-repository.ts';

export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD';

export type IdentityUser = {
  sub: string;
  email: string;
  emailVerified: boolean;
  pendingEmail: string | null;
  status: UserStatus;
  passwordHash: string;
  attributes: Record<string, string>;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpEnabled: boolean;
  totpLastStep: number | null;
  tokensValidAfter: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type StoredCode = { id: number; purpose: CodePurpose; codeHash: string; attempts: number; expiresAt: Date };

export type Lockout = { failures: number; lockedUntil: Date | null };

/** The lower-case form the unique index is on. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

type UserRow = {
  sub: string;
  email: string;
  email_verified: number | boolean;
  pending_email: string | null;
  status: string;
  password_hash: string;
  attributes: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled: number | boolean;
  totp_last_step: number | null;
  tokens_valid_after: DbTime | null;
  created_at: DbTime;
  updated_at: DbTime;
};

const toUser = (row: UserRow): IdentityUser => ({
  sub: row.sub,
  email: row.email,
  emailVerified: fromDbBool(row.email_verified),
  pendingEmail: row.pending_email,
  status: row.status as UserStatus,
  passwordHash: row.password_hash,
  attributes: JSON.parse(row.attributes) as Record<string, string>,
  totpSecret: row.totp_secret,
  totpPendingSecret: row.totp_pending_secret,
  totpEnabled: fromDbBool(row.totp_enabled),
  totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  tokensValidAfter: fromDbTimeOrNull(row.tokens_valid_after),
  createdAt: fromDbTime(row.created_at),
  updatedAt: fromDbTime(row.updated_at),
});

export type UserPatch = Partial<
  Pick<
    IdentityUser,
    | 'email'
    | 'emailVerified'
    | 'pendingEmail'
    | 'status'
    | 'passwordHash'
    | 'attributes'
    | 'totpSecret'
    | 'totpPendingSecret'
    | 'totpEnabled'
    | 'totpLastStep'
    | 'tokensValidAfter'
  >
>;

function userPatchToRow(patch: UserPatch) {
  return {
    ...(patch.email !== undefined ? { email: patch.email, email_normalised: normaliseEmail(patch.email) } : {}),
    ...(patch.emailVerified !== undefined ? { email_verified: toDbBool(patch.emailVerified) } : {}),
    ...(patch.pendingEmail !== undefined ? { pending_email: patch.pendingEmail } : {}),
    ...(patch.status !== undefined ? { status: patch.status } : {}),
    ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
    ...(patch.attributes !== undefined ? { attributes: JSON.stringify(patch.attributes) } : {}),
    ...(patch.totpSecret !== undefined ? { totp_secret: patch.totpSecret } : {}),
    ...(patch.totpPendingSecret !== undefined ? { totp_pending_secret: patch.totpPendingSecret } : {}),
    ...(patch.totpEnabled !== undefined ? { totp_enabled: toDbBool(patch.totpEnabled) } : {}),
    ...(patch.totpLastStep !== undefined ? { totp_last_step: patch.totpLastStep } : {}),
    ...(patch.tokensValidAfter !== undefined
      ? { tokens_valid_after: patch.tokensValidAfter ? toDbTime(patch.tokensValidAfter) : null }
      : {}),
  };
}

export function createIdentityRepository(db: Db) {
  return {
    db,
    ...createSessionsRepository(db),
    ...createDevicesRepository(db),

    // --- users -------------------------------------------------------------------------------

    async findUserByEmail(email: string, trx: Db = db): Promise<IdentityUser | undefined> {
      const row = await trx
        .selectFrom('identity_users')
        .selectAll()
        .where('email_normalised', '=', normaliseEmail(email))
        .executeTakeFirst();
      return row ? toUser(row) : undefined;
    },

    async findUserBySub(sub: string, trx: Db = db): Promise<IdentityUser | undefined> {
      const row = await trx.selectFrom('identity_users').selectAll().where('sub', '=', sub).executeTakeFirst();
      return row ? toUser(row) : undefined;
    },

    async insertUser(
      user: Pick<IdentityUser, 'sub' | 'email' | 'emailVerified' | 'status' | 'passwordHash' | 'attributes'>,
      now: Date,
      trx: Db = db,
    ): Promise<void> {
      await trx
        .insertInto('identity_users')
        .values({
          sub: user.sub,
          email: user.email,
          email_normalised: normaliseEmail(user.email),
          email_verified: toDbBool(user.emailVerified),
          pending_email: null,
          status: user.status,
          password_hash: user.passwordHash,
          attributes: JSON.stringify(user.attributes),
          totp_secret: null,
          totp_pending_secret: null,
          totp_enabled: toDbBool(false),
          totp_last_step: null,
          tokens_valid_after: null,
          created_at: toDbTime(now),
          updated_at: toDbTime(now),
        })
        .execute();
    },

    async updateUser(sub: string, patch: UserPatch, now: Date, trx: Db = db): Promise<void> {
      await trx
        .updateTable('identity_users')
        .set({ ...userPatchToRow(patch), updated_at: toDbTime(now) })
        .where('sub', '=', sub)
        .execute();
    },

    /** Sets the TOTP step as used unless it (or a later one) already was: false on a replay. */
    async useTotpStep(sub: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('identity_users')
        .set({ totp_last_step: step })
        .where('sub', '=', sub)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Sessions, devices and codes go with the user (foreign keys cascade). */
    async deleteUser(sub: string): Promise<void> {
      await db.deleteFrom('identity_users').where('sub', '=', sub).execute();
    },

    // --- one-time codes ----------------------------------------------------------------------

    /** One live code per user and purpose: a new one replaces (and so invalidates) the old. */
    async replaceCode(
      userSub: string,
      purpose: CodePurpose,
      codeHash: string,
      now: Date,
      expiresAt: Date,
    ): Promise<void> {
      await db
        .insertInto('identity_codes')
        .values({
          user_sub: userSub,
          purpose,
          code_hash: codeHash,
          attempts: 0,
          created_at: toDbTime(now),
          expires_at: toDbTime(expiresAt),
        })
        .onConflict((oc) =>
          oc.columns(['user_sub', 'purpose']).doUpdateSet({
            code_hash: codeHash,
            attempts: 0,
            created_at: toDbTime(now),
            expires_at: toDbTime(expiresAt),
          }),
        )
        .execute();
    },

    async findCode(userSub: string, purpose: CodePurpose): Promise<StoredCode | undefined> {
      const row = await db
        .selectFrom('identity_codes')
        .select(['id', 'purpose', 'code_hash', 'attempts', 'expires_at'])
        .where('user_sub', '=', userSub)
        .where('purpose', '=', purpose)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            purpose: row.purpose as CodePurpose,
            codeHash: row.code_hash,
            attempts: Number(row.attempts),
            expiresAt: fromDbTime(row.expires_at),
          }
        : undefined;
    },

    async countWrongCode(id: number): Promise<void> {
      await db
        .updateTable('identity_codes')
        .set({ attempts: sql`attempts + 1` })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the code; false when another request used it first (single use under concurrency). */
    async consumeCode(id: number, trx: Db = db): Promise<boolean> {
      const result = await trx.deleteFrom('identity_codes').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    // --- throttling --------------------------------------------------------------------------

    async findLockout(subject: string, now: Date, memoryMs: number): Promise<Lockout> {
      const row = await db
        .selectFrom('identity_lockouts')
        .selectAll()
        .where('subject', '=', subject)
        .executeTakeFirst();
      if (!row || fromDbTime(row.last_failure_at).getTime() < now.getTime() - memoryMs)
        return { failures: 0, lockedUntil: null };
      return { failures: Number(row.failures), lockedUntil: fromDbTimeOrNull(row.locked_until) };
    },

    /** Counts one failure atomically (forgetting failures older than memoryMs) and returns the new count. */
    async recordSignInFailure(subject: string, now: Date, memoryMs: number): Promise<number> {
      const cutoff = toDbTime(new Date(now.getTime() - memoryMs));
      const row = await db
        .insertInto('identity_lockouts')
        .values({ subject, failures: 1, locked_until: null, last_failure_at: toDbTime(now) })
        .onConflict((oc) =>
          oc.column('subject').doUpdateSet({
            failures: sql<number>`case when identity_lockouts.last_failure_at < ${cutoff} then 1 else identity_lockouts.failures + 1 end`,
            last_failure_at: toDbTime(now),
          }),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      return Number(row.failures);
    },

    async lockUntil(subject: string, until: Date): Promise<void> {
      await db
        .updateTable('identity_lockouts')
        .set({ locked_until: toDbTime(until) })
        .where('subject', '=', subject)
        .execute();
    },

    async clearLockout(subject: string): Promise<void> {
      await db.deleteFrom('identity_lockouts').where('subject', '=', subject).execute();
    },

    async countThrottleEvents(subject: string, kind: ThrottleKind, since: Date): Promise<number> {
      const row = await db
        .selectFrom('identity_throttle_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('subject', '=', subject)
        .where('kind', '=', kind)
        .where('at', '>', toDbTime(since))
        .executeTakeFirstOrThrow();
      return fromDbCount(row.n);
    },

    async addThrottleEvent(subject: string, kind: ThrottleKind, now: Date): Promise<void> {
      await db
        .insertInto('identity_throttle_events')
        .values({ subject, kind, at: toDbTime(now) })
        .execute();
    },

    // --- limits per client address ------------------------------------------------------------

    /**
     * Counts one request of `subject` under `kind` when fewer than `max` were counted in the last
     * `windowMs`; else answers how long until the oldest of them leaves the window. The window row is
     * written first, so concurrent claims for one address wait for each other (a row lock in
     * PostgreSQL, the write lock in SQLite) and each reads the count its predecessor left.
     */
    async claimAddressHit(
      kind: AddressLimitKind,
      subject: string,
      limit: { max: number; windowMs: number },
      now: Date,
    ): Promise<{ id: number; retryAfterMs: 0 } | { id: null; retryAfterMs: number }> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('identity_address_windows')
          .values({ kind, subject, last_claim_at: toDbTime(now) })
          .onConflict((oc) => oc.columns(['kind', 'subject']).doUpdateSet({ last_claim_at: toDbTime(now) }))
          .execute();
        const inWindow = trx
          .selectFrom('identity_address_hits')
          .where('kind', '=', kind)
          .where('subject', '=', subject)
          .where('at', '>', toDbTime(new Date(now.getTime() - limit.windowMs)));
        const { n } = await inWindow.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
        const count = fromDbCount(n);
        if (count >= limit.max) {
          // The hit whose expiry brings the count below max again.
          const freeing = await inWindow
            .select('at')
            .orderBy('at')
            .orderBy('id')
            .limit(1)
            .offset(count - limit.max)
            .executeTakeFirstOrThrow();
          const retryAfterMs = fromDbTime(freeing.at).getTime() + limit.windowMs - now.getTime();
          return { id: null, retryAfterMs: Math.max(1000, retryAfterMs) };
        }
        const hit = await trx
          .insertInto('identity_address_hits')
          .values({ kind, subject, at: toDbTime(now) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: Number(hit.id), retryAfterMs: 0 as const };
      });
    },

    /** Takes a counted request back (a sign-in that turned out right is no failure). */
    async releaseAddressHit(id: number): Promise<void> {
      await db.deleteFrom('identity_address_hits').where('id', '=', id).execute();
    },

    /** Housekeeping: rows that no rule looks at any more. */
    async prune(now: Date, throttleWindowMs: number, failureMemoryMs: number, addressWindowMs = 0): Promise<void> {
      const at = (ms: number) => toDbTime(new Date(now.getTime() - ms));
      const addressCutoff = at(Math.max(addressWindowMs, throttleWindowMs));
      await db.deleteFrom('identity_address_hits').where('at', '<', addressCutoff).execute();
      await db.deleteFrom('identity_address_windows').where('last_claim_at', '<', addressCutoff).execute();
      await db.deleteFrom('identity_throttle_events').where('at', '<', at(throttleWindowMs)).execute();
      await db.deleteFrom('identity_lockouts').where('last_failure_at', '<', at(failureMemoryMs)).execute();
      await db.deleteFrom('identity_codes').where('expires_at', '<', at(0)).execute();
      await db
        .deleteFrom('identity_sessions')
        .where((eb) => eb.or([eb('expires_at', '<', at(0)), eb('revoked_at', '<', at(24 * 60 * 60 * 1000))]))
        .execute();
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
