// The identity provider's sessions: one per sign-in; its origin_jti is in every token derived from it,
// so revoking it refuses those tokens (here and in our API).
import type { Db } from '../db/index.ts';
import { fromDbTime, fromDbTimeOrNull, toDbTime } from '../db/values.ts';

export type Session = {
  originJti: string;
  userSub: string;
  clientId: string;
  deviceKey: string | null;
  authTime: Date;
  expiresAt: Date;
  revokedAt: Date | null;
};

/** What the API needs to know about a token's session on every request. */
export type SessionState = {
  userSub: string;
  email: string;
  revoked: boolean;
  tokensValidAfter: Date | null;
};

export function createSessionsRepository(db: Db) {
  return {
    async insertSession(session: Omit<Session, 'revokedAt'> & { refreshTokenHash: string }, now: Date): Promise<void> {
      await db
        .insertInto('identity_sessions')
        .values({
          origin_jti: session.originJti,
          user_sub: session.userSub,
          refresh_token_hash: session.refreshTokenHash,
          client_id: session.clientId,
          device_key: session.deviceKey,
          auth_time: toDbTime(session.authTime),
          created_at: toDbTime(now),
          expires_at: toDbTime(session.expiresAt),
          revoked_at: null,
        })
        .execute();
    },

    async findSessionByRefreshHash(hash: string): Promise<Session | undefined> {
      const row = await db
        .selectFrom('identity_sessions')
        .selectAll()
        .where('refresh_token_hash', '=', hash)
        .executeTakeFirst();
      return row
        ? {
            originJti: row.origin_jti,
            userSub: row.user_sub,
            clientId: row.client_id,
            deviceKey: row.device_key,
            authTime: fromDbTime(row.auth_time),
            expiresAt: fromDbTime(row.expires_at),
            revokedAt: fromDbTimeOrNull(row.revoked_at),
          }
        : undefined;
    },

    async sessionState(originJti: string): Promise<SessionState | undefined> {
      const row = await db
        .selectFrom('identity_sessions as s')
        .innerJoin('identity_users as u', 'u.sub', 's.user_sub')
        .select(['s.user_sub', 's.revoked_at', 'u.email', 'u.tokens_valid_after'])
        .where('s.origin_jti', '=', originJti)
        .executeTakeFirst();
      return row
        ? {
            userSub: row.user_sub,
            email: row.email,
            revoked: row.revoked_at !== null,
            tokensValidAfter: fromDbTimeOrNull(row.tokens_valid_after),
          }
        : undefined;
    },

    async revokeSession(originJti: string, now: Date): Promise<void> {
      await db
        .updateTable('identity_sessions')
        .set({ revoked_at: toDbTime(now) })
        .where('origin_jti', '=', originJti)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Signs a device out: every live session of the user on it, but `exceptOriginJti`. */
    async revokeSessionsOfDevice(
      userSub: string,
      deviceKey: string,
      now: Date,
      exceptOriginJti: string,
      trx: Db = db,
    ): Promise<void> {
      await trx
        .updateTable('identity_sessions')
        .set({ revoked_at: toDbTime(now) })
        .where('user_sub', '=', userSub)
        .where('device_key', '=', deviceKey)
        .where('origin_jti', '!=', exceptOriginJti)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeSessionsOfUser(userSub: string, now: Date, exceptOriginJti?: string, trx: Db = db): Promise<void> {
      let query = trx
        .updateTable('identity_sessions')
        .set({ revoked_at: toDbTime(now) })
        .where('user_sub', '=', userSub)
        .where('revoked_at', 'is', null);
      if (exceptOriginJti) query = query.where('origin_jti', '!=', exceptOriginJti);
      await query.execute();
    },
  };
}
