// Secrets the server makes on first start and keeps in the database (server_secrets), so every
// process and restart derives the same token keys from them. The one writer of that table. The keys
// are derived with the deployment's secrets key too (decision 047): a dump or backup of the database
// alone cannot sign an upload URL or a stream ticket.
import { randomBytes } from 'node:crypto';
import type { TokenKeys } from '../lib/signed-tokens.ts';
import type { Db } from './index.ts';
import { toDbTime } from './values.ts';

/** Which secret, and what its keys are for (the HKDF info: keys of one purpose never sign another's). */
export type ServerSecret = { name: string; purpose: string };

/** The deployment's secrets key as a key derivation (identity/secret-box.ts), never the key itself. */
export type TokenKeyDerivation = (material: Buffer, purpose: string) => TokenKeys;

/**
 * Loads (or makes, once) the secret and derives the keys for its purpose; loaded on first use and
 * kept, retried after a failure.
 */
export function serverTokenKeys(db: Db, secret: ServerSecret, derive: TokenKeyDerivation): () => Promise<TokenKeys> {
  let loading: Promise<TokenKeys> | undefined;
  const load = async () => {
    await db
      .insertInto('server_secrets')
      .values({ name: secret.name, secret: randomBytes(32).toString('base64'), created_at: toDbTime(new Date()) })
      // Two processes starting at once: the first insert wins and both read it back.
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('server_secrets')
      .select('secret')
      .where('name', '=', secret.name)
      .executeTakeFirstOrThrow();
    return derive(Buffer.from(row.secret, 'base64'), secret.purpose);
  };
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
