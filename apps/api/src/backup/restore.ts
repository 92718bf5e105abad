// `npm run admin -- restore <dir>`: checks every checksum and opens the sealed keys before it writes
// anything, and writes only into an empty data directory (and, with PostgreSQL, a database without
// tables), so a restore never mixes a backup with what is there (decision 076).
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { sqliteFileIn } from '../database-from-config.ts';
import { loadPg } from '../db/index.ts';
import { run } from './backup.ts';
import {
  BackupRefusedError,
  DATABASE_FILE,
  FILES_DIR,
  KEYS_FILE,
  copyTree,
  ensureEmptyDir,
  readVerifiedManifest,
} from './manifest.ts';
import { unsealKeys } from './sealed-keys.ts';

async function tablesIn(url: string): Promise<number> {
  const client = new (loadPg().Client)({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

export async function restoreBackup(
  config: Config,
  dir: string,
  passphrase: string,
  out: (line: string) => void,
): Promise<void> {
  const source = path.resolve(dir);
  const manifest = await readVerifiedManifest(source);
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine)
    throw new BackupRefusedError(
      `This backup holds a ${manifest.engine} database; set DATABASE_URL ${manifest.engine === 'postgres' ? 'to an empty PostgreSQL database' : 'to nothing (SQLite)'} to restore it.`,
    );
  if (config.databaseUrl && (await tablesIn(config.databaseUrl)) > 0)
    throw new BackupRefusedError('The database DATABASE_URL names has tables; restore into an empty database.');
  const keys = await unsealKeys(await fsp.readFile(path.join(source, KEYS_FILE), 'utf8'), passphrase);
  await ensureEmptyDir(config.dataDir, 'The data directory');

  const keysDir = path.join(config.dataDir, 'keys');
  await fsp.mkdir(keysDir, { recursive: true, mode: 0o700 });
  for (const [name, bytes] of Object.entries(keys)) {
    await fsp.mkdir(path.dirname(path.join(keysDir, name)), { recursive: true, mode: 0o700 });
    await fsp.writeFile(path.join(keysDir, name), bytes, { mode: 0o600, flag: 'wx' });
  }
  const store = config.files.store;
  if (manifest.file_store === 'local' && store.kind === 'local') {
    await copyTree(path.join(source, FILES_DIR), store.dir, () => false);
  } else if (manifest.file_store === 'local') {
    out(
      `The backup's files are in ${path.join(source, FILES_DIR)}; copy them into the S3 bucket ${store.kind === 's3' ? store.bucket : ''}.`,
    );
  }
  const databaseFile = path.join(source, DATABASE_FILE[engine]);
  if (config.databaseUrl) {
    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      config.databaseUrl,
      databaseFile,
    ]);
  } else {
    await fsp.copyFile(databaseFile, sqliteFileIn(config.dataDir));
  }
  out(
    `Restored the backup of ${manifest.created_at} into ${config.dataDir}${config.databaseUrl ? ' and the database of DATABASE_URL' : ''}.`,
  );
  out('Start the server on it as usual; it migrates the database if this version is newer.');
}
