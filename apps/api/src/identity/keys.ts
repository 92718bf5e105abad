// The provider's key material, made on first start and kept in the database so every process (and
// every restart) signs and verifies with the same keys: an RSA key pair for RS256 tokens, published as
// a JWKS, and a random secret from which the HMAC keys for codes and challenge sessions are derived.
// The private parts are stored sealed with the identity secrets key (decision 045), which is not in
// the database: a dump or backup alone does not let anyone sign tokens.
import { hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, exportPKCS8, generateKeyPair, importPKCS8, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../db/index.ts';
import { toDbTime } from '../db/values.ts';
import type { SecretBox } from './secret-box.ts';

/** The rows whose secret is sealed, and what each sealed value is bound to (so rows cannot be swapped). */
export const SEALED_KEY_ROWS = ['signing', 'secret'] as const;
export const keyRowBinding = (name: string) => `identity_keys:${name}`;

export type SigningKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK };
export type KeyMaterial = { signing: SigningKey; codeKey: Buffer; sessionKey: Buffer };
export type Jwks = { keys: JWK[] };

async function insertIfMissing(db: Db, row: { name: string; kid: string; secret: string; public_jwk: string | null }) {
  await db
    .insertInto('identity_keys')
    .values({ ...row, created_at: toDbTime(new Date()) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

async function ensureKeys(db: Db, secrets: SecretBox): Promise<KeyMaterial> {
  const existing = await db.selectFrom('identity_keys').selectAll().execute();
  if (!existing.some((r) => r.name === 'signing')) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    // Two processes starting at once: the first insert wins and both read it back below.
    await insertIfMissing(db, {
      name: 'signing',
      kid,
      secret: secrets.seal(await exportPKCS8(privateKey), keyRowBinding('signing')),
      public_jwk: JSON.stringify(publicJwk),
    });
  }
  if (!existing.some((r) => r.name === 'secret')) {
    await insertIfMissing(db, {
      name: 'secret',
      kid: randomUUID(),
      secret: secrets.seal(randomBytes(32).toString('base64'), keyRowBinding('secret')),
      public_jwk: null,
    });
  }
  const rows = await db.selectFrom('identity_keys').selectAll().execute();
  const signingRow = rows.find((r) => r.name === 'signing');
  const secretRow = rows.find((r) => r.name === 'secret');
  if (!signingRow?.public_jwk || !secretRow) throw new Error('Identity keys are missing');
  const secret = Buffer.from(secrets.open(secretRow.secret, keyRowBinding('secret')), 'base64');
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32));
  return {
    signing: {
      kid: signingRow.kid,
      privateKey: await importPKCS8(secrets.open(signingRow.secret, keyRowBinding('signing')), 'RS256'),
      publicJwk: JSON.parse(signingRow.public_jwk) as JWK,
    },
    codeKey: derive('identity codes'),
    sessionKey: derive('identity challenge sessions'),
  };
}

export type KeyStore = {
  get(): Promise<KeyMaterial>;
  jwks(): Promise<Jwks>;
};

/** Loads (or makes) the keys once per process; a failed load is retried on the next call. */
export function createKeyStore(db: Db, secrets: SecretBox): KeyStore {
  let loading: Promise<KeyMaterial> | undefined;
  // One object per loaded key: the token verifier rebuilds its key set only when this changes.
  let published: { material: KeyMaterial; jwks: Jwks } | undefined;
  const get = () => {
    loading ??= ensureKeys(db, secrets).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    get,
    async jwks() {
      const material = await get();
      if (published?.material !== material) published = { material, jwks: { keys: [material.signing.publicJwk] } };
      return published.jwks;
    },
  };
}
