// A backup folder's table of contents: every file with its size and SHA-256, written last, so a
// folder without manifest.json is an unfinished backup and a changed or missing file is found before
// anything is restored from it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export const MANIFEST = 'manifest.json';
export const DATABASE_FILE = { sqlite: 'database.sqlite', postgres: 'database.pgdump' } as const;
export const KEYS_FILE = 'keys.sealed';
export const FILES_DIR = 'files';

export type Manifest = {
  format: 1;
  created_at: string;
  engine: 'sqlite' | 'postgres';
  /** local: the file store is in FILES_DIR; s3: the bucket is not in the backup (its versioning keeps it). */
  file_store: 'local' | 's3';
  entries: Array<{ path: string; bytes: number; sha256: string }>;
};

export class BackupRefusedError extends Error {}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every regular file under `dir`, as paths relative to it with forward slashes, sorted. */
export async function filesUnder(dir: string, skip: (relative: string) => boolean = () => false): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(dir, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (skip(child)) continue;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  await walk('');
  return found.sort();
}

export async function describeEntries(dir: string): Promise<Manifest['entries']> {
  const entries: Manifest['entries'] = [];
  for (const relative of await filesUnder(dir, (p) => p === MANIFEST)) {
    const file = path.join(dir, relative);
    entries.push({ path: relative, bytes: (await fsp.stat(file)).size, sha256: await sha256Of(file) });
  }
  return entries;
}

/** The manifest of a finished backup, after every file it lists was found unchanged. */
export async function readVerifiedManifest(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupRefusedError(`${dir} holds no ${MANIFEST}: not a finished backup.`);
    throw error;
  }
  if (manifest.format !== 1) throw new BackupRefusedError(`Unknown backup format ${String(manifest.format)}.`);
  for (const entry of manifest.entries) {
    const file = path.join(dir, entry.path);
    const found = await fsp.stat(file).catch(() => null);
    if (!found || found.size !== entry.bytes || (await sha256Of(file)) !== entry.sha256)
      throw new BackupRefusedError(`${entry.path} is missing or changed since the backup was taken.`);
  }
  return manifest;
}

/** A folder to write into: absent (made here) or empty. */
export async function ensureEmptyDir(dir: string, what: string): Promise<void> {
  const entries = await fsp.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) throw new BackupRefusedError(`${what} ${dir} is not empty; refusing to write into it.`);
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
}

/** Copies every file under `from` to the same path under `to`, leaving files already there. */
export async function copyTree(from: string, to: string, skip: (relative: string) => boolean): Promise<number> {
  let copied = 0;
  for (const relative of await filesUnder(from, skip)) {
    const target = path.join(to, relative);
    if (await fsp.stat(target).catch(() => null)) continue;
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      await fsp.copyFile(path.join(from, relative), target, fs.constants.COPYFILE_EXCL);
      // copyFile keeps the source's mode (0644 in the file store); a backup's copies are the operator's alone.
      await fsp.chmod(target, 0o600);
      copied++;
    } catch (error) {
      // Deleted since it was listed (an organisation's files removed meanwhile): nothing to copy.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return copied;
}
