// Secrets the server makes on first start and keeps in the database (server_secrets), so every
// process and restart derives the same keys from them. The one writer of that table.
import { hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from './index.ts';
import { toDbTime } from './values.ts';

/**
 * Loads (or makes, once) the secret `name` and derives a 32-byte key for `purpose` from it; loaded
 * on first use and kept, retried after a failure.
 */
export function serverSecretKey(db: Db, name: string, purpose: string): () => Promise<Buffer> {
  let loading: Promise<Buffer> | undefined;
  const load = async () => {
    await db
      .insertInto('server_secrets')
      .values({ name, secret: randomBytes(32).toString('base64'), created_at: toDbTime(new Date()) })
      // Two processes starting at once: the first insert wins and both read it back.
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('server_secrets')
      .select('secret')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return Buffer.from(hkdfSync('sha256', Buffer.from(row.secret, 'base64'), Buffer.alloc(0), purpose, 32));
  };
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
