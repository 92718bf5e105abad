// The key two-factor secrets are sealed with (decision 045), made ready at start: IDENTITY_SECRETS_KEY,
// or the embedded default's DATA_DIR/keys/identity-secrets.key, made at first start. The database
// remembers which key its secrets are sealed with, so a process started with another key (a second
// process without the shared variable, a restored backup with a lost key file) stops with a message
// instead of failing every two-factor sign-in; secrets still stored plain are sealed once.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Db } from '../db/index.ts';
import { toDbTime } from '../db/values.ts';
import { readOrMakeKeyFile } from '../lib/key-file.ts';
import { StartupError } from '../preflight.ts';
import { createSecretBox, SECRETS_KEY_BYTES, type SecretBox } from './secret-box.ts';

/** The identity_keys row that names the key (its id, never the key itself). */
const KEY_ROW = 'secrets-key';

export async function loadSecretBox(db: Db, options: { key: Buffer | null; dataDir: string }): Promise<SecretBox> {
  const file = path.join(options.dataDir, 'keys', 'identity-secrets.key');
  const key = options.key ?? (await readOrMakeKeyFile(file, async () => randomBytes(SECRETS_KEY_BYTES)));
  if (key.length !== SECRETS_KEY_BYTES) {
    throw new StartupError(`${file} is not a ${SECRETS_KEY_BYTES}-byte key: restore it, or set IDENTITY_SECRETS_KEY.`);
  }
  const box = createSecretBox(key);
  await assertSameKey(db, box.keyId);
  await sealPlainSecrets(db, box);
  return box;
}

async function assertSameKey(db: Db, keyId: string): Promise<void> {
  // The first process to start names the key; two starting at once agree on the first insert.
  await db
    .insertInto('identity_keys')
    .values({ name: KEY_ROW, kid: keyId, secret: '', public_jwk: null, created_at: toDbTime(new Date()) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('identity_keys').select('kid').where('name', '=', KEY_ROW).executeTakeFirstOrThrow();
  if (row.kid !== keyId) {
    throw new StartupError(
      `The identity secrets key (key id ${keyId}) is not the one this database's two-factor secrets are sealed ` +
        `with (key id ${row.kid}). Give every process the same IDENTITY_SECRETS_KEY, or restore the key file ` +
        'DATA_DIR/keys/identity-secrets.key (decision 045).',
    );
  }
}

/** Seals the secrets written before sealing existed (or by an older process during an update). */
async function sealPlainSecrets(db: Db, box: SecretBox): Promise<void> {
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
