// The identity secrets key at start (decision 045), on both engines: made once under DATA_DIR/keys,
// named in the database so a process with another key refuses to start, and the secrets stored
// plain before sealing existed sealed at the first start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../test/helpers.ts';
import { StartupError } from '../preflight.ts';
import { createIdentityRepository } from './repository.ts';
import { createKeyStore } from './keys.ts';
import { createSecretBox } from './secret-box.ts';
import { loadSecretBox } from './secrets-key.ts';
import { generateTotpSecret } from './totp.ts';

const newDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'sp-secrets-'));

describe.each(ENGINES)('identity secrets key on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => database.dispose());

  const addUser = async (sub: string, totp: { secret: string | null; pending: string | null }) => {
    const repo = createIdentityRepository(database.db);
    const now = new Date();
    await repo.insertUser(
      { sub, email: `${sub}@example.org`, emailVerified: true, status: 'CONFIRMED', passwordHash: 'x', attributes: {} },
      now,
    );
    await repo.updateUser(sub, { totpSecret: totp.secret, totpPendingSecret: totp.pending }, now);
  };
  const stored = (sub: string) =>
    database.db
      .selectFrom('identity_users')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('sub', '=', sub)
      .executeTakeFirstOrThrow();

  it('makes the key once, seals the secrets stored plain, and refuses a start with another key', async () => {
    const active = generateTotpSecret();
    const pending = generateTotpSecret();
    await addUser('plain-both', { secret: active, pending });
    await addUser('plain-pending', { secret: null, pending });
    await addUser('no-totp', { secret: null, pending: null });

    const dataDir = newDataDir();
    const box = await loadSecretBox(database.db, { key: null, dataDir });
    const file = path.join(dataDir, 'keys', 'identity-secrets.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file)).toHaveLength(32);

    const both = await stored('plain-both');
    expect(both.totp_secret).toMatch(/^v1\./);
    expect(both.totp_pending_secret).toMatch(/^v1\./);
    expect(box.open(both.totp_secret!, 'plain-both')).toBe(active);
    expect(box.open(both.totp_pending_secret!, 'plain-both')).toBe(pending);
    const onlyPending = await stored('plain-pending');
    expect(onlyPending.totp_secret).toBeNull();
    expect(box.open(onlyPending.totp_pending_secret!, 'plain-pending')).toBe(pending);
    expect(await stored('no-totp')).toEqual({ totp_secret: null, totp_pending_secret: null });

    // A restart reads the same key and leaves the sealed values as they are.
    const again = await loadSecretBox(database.db, { key: null, dataDir });
    expect(again.keyId).toBe(box.keyId);
    expect(await stored('plain-both')).toEqual(both);
    // The same key given as IDENTITY_SECRETS_KEY is the same key.
    const given = await loadSecretBox(database.db, { key: fs.readFileSync(file), dataDir: newDataDir() });
    expect(given.keyId).toBe(box.keyId);

    // Another process with a key of its own (no shared variable, another DATA_DIR) does not start.
    const other = loadSecretBox(database.db, { key: null, dataDir: newDataDir() });
    await expect(other).rejects.toBeInstanceOf(StartupError);
    await expect(loadSecretBox(database.db, { key: randomBytes(32), dataDir })).rejects.toThrow(
      /not the one this database's identity secrets are sealed with and its upload URLs and stream tickets are keyed with.*IDENTITY_SECRETS_KEY/,
    );
  });

  it('changes the key: the one used until now given as previous, every secret is sealed again', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const rotation = await createTestDatabase(engine);
    try {
      const old = await loadSecretBox(rotation.db, { key: oldKey, dataDir: newDataDir() });
      const signing = (await createKeyStore(rotation.db, old).get()).signing.publicJwk;
      const secret = generateTotpSecret();
      const pending = generateTotpSecret();
      const repo = createIdentityRepository(rotation.db);
      const now = new Date();
      await repo.insertUser(
        {
          sub: 'rotated',
          email: 'rotated@example.org',
          emailVerified: true,
          status: 'CONFIRMED',
          passwordHash: 'x',
          attributes: {},
        },
        now,
      );
      await repo.updateUser(
        'rotated',
        { totpSecret: old.seal(secret, 'rotated'), totpPendingSecret: old.seal(pending, 'rotated') },
        now,
      );
      const read = () =>
        rotation.db
          .selectFrom('identity_users')
          .select(['totp_secret', 'totp_pending_secret'])
          .where('sub', '=', 'rotated')
          .executeTakeFirstOrThrow();
      const before = await read();

      // The new key alone is refused: the database's secrets are sealed with the old one.
      await expect(loadSecretBox(rotation.db, { key: newKey, dataDir: newDataDir() })).rejects.toThrow(
        /IDENTITY_SECRETS_KEY_PREVIOUS/,
      );
      const rotated = await loadSecretBox(rotation.db, { key: newKey, previousKey: oldKey, dataDir: newDataDir() });
      const after = await read();
      expect(after.totp_secret).not.toBe(before.totp_secret);
      // Sealed with the new key: a box with only the new key opens them.
      const onlyNew = await loadSecretBox(rotation.db, { key: newKey, dataDir: newDataDir() });
      expect(onlyNew.open(after.totp_secret!, 'rotated')).toBe(secret);
      expect(onlyNew.open(after.totp_pending_secret!, 'rotated')).toBe(pending);
      // The provider's own keys too: the same signing key, opened with the new key alone.
      expect((await createKeyStore(rotation.db, onlyNew).get()).signing.publicJwk).toEqual(signing);
      // A process not yet restarted may still seal with the old key: the rotating box opens that too.
      expect(rotated.open(old.seal(secret, 'rotated'), 'rotated')).toBe(secret);
      expect(() => onlyNew.open(old.seal(secret, 'rotated'), 'rotated')).toThrow();
      // A second start with both keys finds the work done and leaves the values alone.
      await loadSecretBox(rotation.db, { key: newKey, previousKey: oldKey, dataDir: newDataDir() });
      expect(await read()).toEqual(after);
      // The old key no longer starts.
      await expect(loadSecretBox(rotation.db, { key: oldKey, dataDir: newDataDir() })).rejects.toBeInstanceOf(
        StartupError,
      );
    } finally {
      await rotation.dispose();
    }
  });

  it("keeps the provider's own signing key and code secret sealed, and seals plain ones without changing them", async () => {
    const own = await createTestDatabase(engine);
    try {
      const dataDir = newDataDir();
      const box = await loadSecretBox(own.db, { key: null, dataDir });
      const material = await createKeyStore(own.db, box).get();
      const rows = () =>
        own.db
          .selectFrom('identity_keys')
          .select(['name', 'secret'])
          .where('name', 'in', ['signing', 'secret'])
          .orderBy('name')
          .execute();
      const sealed = await rows();
      expect(sealed.map((row) => row.name)).toEqual(['secret', 'signing']);
      for (const row of sealed) expect(row.secret).toMatch(/^v1\./);
      expect(sealed.map((row) => row.secret).join()).not.toContain('PRIVATE KEY');
      // A row's sealed value does not open as another row's.
      expect(() => box.open(sealed[0]!.secret, 'identity_keys:signing')).toThrow();

      // As the release before stored them: plain. The next start seals them, and they are the same keys.
      for (const row of sealed) {
        await own.db
          .updateTable('identity_keys')
          .set({ secret: box.open(row.secret, `identity_keys:${row.name}`) })
          .where('name', '=', row.name)
          .execute();
      }
      expect((await rows()).find((row) => row.name === 'signing')!.secret).toContain('BEGIN PRIVATE KEY');
      const again = await loadSecretBox(own.db, { key: null, dataDir });
      for (const row of await rows()) expect(row.secret).toMatch(/^v1\./);
      const reloaded = await createKeyStore(own.db, again).get();
      expect(reloaded.signing.publicJwk).toEqual(material.signing.publicJwk);
      expect(reloaded.codeKey.equals(material.codeKey)).toBe(true);
      // Without the secrets key the database's rows give no key at all.
      await expect(createKeyStore(own.db, createSecretBox(randomBytes(32))).get()).rejects.toThrow();
    } finally {
      await own.dispose();
    }
  });

  it('stops with a message when the key file is not a key', async () => {
    const dataDir = newDataDir();
    fs.mkdirSync(path.join(dataDir, 'keys'));
    fs.writeFileSync(path.join(dataDir, 'keys', 'identity-secrets.key'), 'short');
    await expect(loadSecretBox(database.db, { key: null, dataDir })).rejects.toThrow(/is not a 32-byte key/);
  });
});
