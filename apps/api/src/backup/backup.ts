// `npm run admin -- backup <dir>` while the server runs: the database as one consistent snapshot
// (SQLite's online backup API, or pg_dump's snapshot), the local file store copied around it, and the
// data directory's keys sealed with the operator's passphrase; manifest.json last (decision 076).
import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.ts';
import { sqliteFileIn } from '../database-from-config.ts';
import {
  BackupRefusedError,
  DATABASE_FILE,
  FILES_DIR,
  KEYS_FILE,
  MANIFEST,
  copyTree,
  describeEntries,
  ensureEmptyDir,
  filesUnder,
  type Manifest,
} from './manifest.ts';
import { sealKeys } from './sealed-keys.ts';

export const run = promisify(execFile);

/** The file store's unfinished uploads (local.ts writes them under .tmp and links them into place). */
export const isUnfinishedUpload = (relative: string) => relative === '.tmp' || relative.endsWith('.part');
/** readOrMakeKeyFile's temporary files. */
const isTemporaryKey = (relative: string) => relative.endsWith('.tmp');

async function backupSqlite(config: Config, target: string) {
  const source = new SQLite(sqliteFileIn(config.dataDir), { fileMustExist: true });
  try {
    // After the first step the rest goes in one: a write by the server between steps starts the
    // copy over, and a single step reads one snapshot while the server goes on writing (WAL).
    await source.backup(target, { progress: () => 1_000_000_000 });
  } finally {
    source.close();
  }
}

export async function createBackup(
  config: Config,
  dir: string,
  passphrase: string,
  out: (line: string) => void,
): Promise<Manifest> {
  const target = path.resolve(dir);
  if (target === config.dataDir || target.startsWith(config.dataDir + path.sep))
    throw new BackupRefusedError('The backup folder must lie outside the data directory.');
  await ensureEmptyDir(target, 'The backup folder');
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const store = config.files.store;
  const filesTarget = path.join(target, FILES_DIR);
  // Files before and after the database: a file the snapshot names was there on one of the passes
  // (blobs are written once under a new key and never replaced).
  if (store.kind === 'local') await copyTree(store.dir, filesTarget, isUnfinishedUpload);
  const databaseFile = path.join(target, DATABASE_FILE[engine]);
  if (config.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', databaseFile, '--dbname', config.databaseUrl]);
  } else {
    await backupSqlite(config, databaseFile);
  }
  // The dump holds every organisation's data: readable by the operator alone, like the sealed keys.
  await fsp.chmod(databaseFile, 0o600);
  if (store.kind === 'local') await copyTree(store.dir, filesTarget, isUnfinishedUpload);

  const keysDir = path.join(config.dataDir, 'keys');
  const keys: Record<string, Buffer> = {};
  for (const name of await filesUnder(keysDir, isTemporaryKey))
    keys[name] = await fsp.readFile(path.join(keysDir, name));
  await fsp.writeFile(path.join(target, KEYS_FILE), await sealKeys(keys, passphrase), { mode: 0o600 });

  const manifest: Manifest = {
    format: 1,
    created_at: new Date().toISOString(),
    engine,
    file_store: store.kind,
    entries: await describeEntries(target),
  };
  await fsp.writeFile(path.join(target, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  const fileCount = manifest.entries.filter((e) => e.path.startsWith(`${FILES_DIR}/`)).length;
  out(`Backup written to ${target}: the ${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} database,`);
  out(
    store.kind === 'local'
      ? `${fileCount} stored file(s) and ${Object.keys(keys).length} key file(s) (sealed with the passphrase).`
      : `${Object.keys(keys).length} key file(s) (sealed); the files stay in the S3 bucket ${store.bucket} (keep its versioning on).`,
  );
  return manifest;
}
