// The key the identity secrets are sealed with (decision 045: the users' two-factor secrets, the
// provider's signing key and code secret) and the upload URLs and stream tickets are keyed with
// (decision 047, with either identity provider), made ready at start: IDENTITY_SECRETS_KEY, or the embedded
// default's DATA_DIR/keys/identity-secrets.key, made at first start. The database remembers which key
// its secrets are sealed with, so a process started with another key (a second process without the
// shared variable, a restored backup with a lost key file) stops with a message instead of failing
// every sign-in; secrets still stored plain are sealed once. To change the key, the one used until now
// is given as IDENTITY_SECRETS_KEY_PREVIOUS: the start seals every secret again with the new one.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Db } from '../db/index.ts';
import { toDbTime } from '../db/values.ts';
import { readOrMakeKeyFile } from '../lib/key-file.ts';
import { StartupError } from '../preflight.ts';
import { keyRowBinding, SEALED_KEY_ROWS } from './keys.ts';
import { createSecretBox, keyIdOf, SECRETS_KEY_BYTES, type SecretBox } from './secret-box.ts';

/** The identity_keys row that names the key (its id, never the key itself). */
const KEY_ROW = 'secrets-key';

export async function loadSecretBox(
  db: Db,
  options: {
    key: Buffer | null;
    previousKey?: Buffer | null;
    dataDir: string;
    /** Told of a rotation inside its transaction, with the two key ids (the operator log, decision 077). */
    onRotated?: (trx: Db, change: { from: string; to: string }) => Promise<void>;
  },
): Promise<SecretBox> {
  const file = path.join(options.dataDir, 'keys', 'identity-secrets.key');
  const key = options.key ?? (await readOrMakeKeyFile(file, async () => randomBytes(SECRETS_KEY_BYTES)));
  if (key.length !== SECRETS_KEY_BYTES) {
    throw new StartupError(`${file} is not a ${SECRETS_KEY_BYTES}-byte key: restore it, or set IDENTITY_SECRETS_KEY.`);
  }
  const previous = options.previousKey ?? null;
  const box = createSecretBox(key, previous);
  const sealedWith = await keyIdOfDatabase(db, box.keyId);
  if (sealedWith !== box.keyId) {
    if (!previous || sealedWith !== keyIdOf(previous)) {
      throw new StartupError(
        `The secrets key (key id ${box.keyId}) is not the one this database's identity secrets are ` +
          `sealed with and its upload URLs and stream tickets are keyed with (key id ${sealedWith}). Give every ` +
          'process the same IDENTITY_SECRETS_KEY, restore the key file DATA_DIR/keys/identity-secrets.key, or, ' +
          'to change the key, give the one used until now as IDENTITY_SECRETS_KEY_PREVIOUS (decisions 045, 047).',
      );
    }
    await sealAgain(db, box, sealedWith, options.onRotated);
  }
  await sealPlainSecrets(db, box);
  return box;
}

/** The id of the key the database's secrets are sealed with; the first process to start names its own. */
async function keyIdOfDatabase(db: Db, keyId: string): Promise<string> {
  // Two processes starting at once agree on the first insert.
  await db
    .insertInto('identity_keys')
    .values({ name: KEY_ROW, kid: keyId, secret: '', public_jwk: null, created_at: toDbTime(new Date()) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('identity_keys').select('kid').where('name', '=', KEY_ROW).executeTakeFirstOrThrow();
  return row.kid;
}

/**
 * Key rotation: every sealed secret opened (with the new key or the previous one) and sealed with
 * the new key, and the database's key id moved, in one transaction. The key row is claimed first,
 * so of two processes starting at once one seals and the other finds the work done.
 */
async function sealAgain(
  db: Db,
  box: SecretBox,
  previousKeyId: string,
  onRotated: ((trx: Db, change: { from: string; to: string }) => Promise<void>) | undefined,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('identity_keys')
      .set({ kid: box.keyId })
      .where('name', '=', KEY_ROW)
      .where('kid', '=', previousKeyId)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    await onRotated?.(trx, { from: previousKeyId, to: box.keyId });
    const keyRows = await trx
      .selectFrom('identity_keys')
      .select(['name', 'secret'])
      .where('name', 'in', SEALED_KEY_ROWS)
      .where('secret', 'like', 'v1.%')
      .execute();
    for (const row of keyRows) {
      const binding = keyRowBinding(row.name);
      await trx
        .updateTable('identity_keys')
        .set({ secret: box.seal(box.open(row.secret, binding), binding) })
        .where('name', '=', row.name)
        .execute();
    }
    const users = await trx
      .selectFrom('identity_users')
      .select(['sub', 'totp_secret', 'totp_pending_secret'])
      .where((eb) => eb.or([eb('totp_secret', 'like', 'v1.%'), eb('totp_pending_secret', 'like', 'v1.%')]))
      .execute();
    for (const row of users) {
      const again = (value: string | null) =>
        value !== null && box.isSealed(value) ? box.seal(box.open(value, row.sub), row.sub) : value;
      await trx
        .updateTable('identity_users')
        .set({ totp_secret: again(row.totp_secret), totp_pending_secret: again(row.totp_pending_secret) })
        .where('sub', '=', row.sub)
        .execute();
    }
  });
}

/**
 * Seals the secrets written before sealing existed (or by an older process during an update): the
 * provider's own keys, and the users' two-factor secrets.
 */
async function sealPlainSecrets(db: Db, box: SecretBox): Promise<void> {
  const plainKeys = await db
    .selectFrom('identity_keys')
    .select(['name', 'secret'])
    .where('name', 'in', SEALED_KEY_ROWS)
    .where('secret', 'not like', 'v1.%')
    .execute();
  for (const row of plainKeys) {
    await db
      .updateTable('identity_keys')
      .set({ secret: box.seal(row.secret, keyRowBinding(row.name)) })
      .where('name', '=', row.name)
      .where('secret', '=', row.secret)
      .execute();
  }
  const plain = await db
    .selectFrom('identity_users')
    .select(['sub', 'totp_secret', 'totp_pending_secret'])
    .where((eb) =>
      eb.or([
        eb.and([eb('totp_secret', 'is not', null), eb('totp_secret', 'not like', 'v1.%')]),
        eb.and([eb('totp_pending_secret', 'is not', null), eb('totp_pending_secret', 'not like', 'v1.%')]),
      ]),
    )
    .execute();
  for (const row of plain) {
    for (const column of ['totp_secret', 'totp_pending_secret'] as const) {
      const value = row[column];
      if (value === null || box.isSealed(value)) continue;
      // Only if still the value read: a secret written meanwhile is not overwritten with an older one.
      await db
        .updateTable('identity_users')
        .set({ [column]: box.seal(value, row.sub) })
        .where('sub', '=', row.sub)
        .where(column, '=', value)
        .execute();
    }
  }
}
