// Local-disk blob store (the embedded default): blobs are files under DATA_DIR/files named by their
// key. Uploads come back to our own API (PUT /api/files/upload/{token}, see modules/files) with an
// HMAC-signed token instead of a bearer; the bytes are checked while they stream in, written to a
// temporary file, synced, and published with a hard link, which fails rather than replace a blob.
// Copies (the agreement archive's) are made the same way and renamed into place.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BlobRejectedError,
  assertBlobKey,
  assertBlobPrefix,
  type BlobInfo,
  type LocalBlobStore,
  type UploadTarget,
} from './blob-port.ts';
import type { TokenKeys } from '../../lib/signed-tokens.ts';
import { signUploadToken, verifyUploadToken } from './upload-tokens.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

async function syncDirectory(dir: string) {
  // Makes the new directory entry durable; not every platform can open a directory for this.
  try {
    const handle = await fsp.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}

/**
 * The body's chunks, counted and checked as they pass: fails as soon as they break a limit, without
 * destroying the request, so the refusal can still be answered.
 */
async function* checked(body: Readable, limits: { maxBytes: number; requiredPrefix: Buffer }, seen: { size: number }) {
  const prefix = limits.requiredPrefix;
  let head = Buffer.alloc(0);
  for await (const data of body.iterator({ destroyOnReturn: false })) {
    const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data as string);
    seen.size += chunk.length;
    if (seen.size > limits.maxBytes) throw new BlobRejectedError('too_large');
    if (head.length < prefix.length) {
      head = Buffer.concat([head, chunk.subarray(0, prefix.length - head.length)]);
      if (!head.equals(prefix.subarray(0, head.length))) throw new BlobRejectedError('wrong_signature');
    }
    yield chunk;
  }
  if (head.length < prefix.length) throw new BlobRejectedError('wrong_signature');
}

/**
 * Moves the finished temporary file to its key without ever replacing a blob: a hard link fails when
 * the target exists. Where the file system has no hard links, an existence check and a rename stand
 * in (the single-use claim on the upload already keeps a second writer away).
 */
async function publish(tmp: string, target: string) {
  try {
    await fsp.link(tmp, target);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new BlobRejectedError('exists');
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
  }
  const exists = await fsp.access(target).then(
    () => true,
    () => false,
  );
  if (exists) throw new BlobRejectedError('exists');
  await fsp.rename(tmp, target);
}

export function createLocalBlobStore(options: {
  dir: string;
  /** Path of the upload route, e.g. /api/files/upload/ (the token is appended). */
  uploadPath: string;
  tokenKeys: () => Promise<TokenKeys>;
}): LocalBlobStore {
  const root = path.resolve(options.dir);
  const tmpDir = path.join(root, '.tmp');

  const pathOf = (key: string) => {
    assertBlobKey(key);
    const full = path.resolve(root, ...key.split('/'));
    if (!full.startsWith(root + path.sep)) throw new Error('Invalid blob key');
    return full;
  };

  const store: LocalBlobStore = {
    kind: 'local',

    async createUploadUrl(target: UploadTarget) {
      assertBlobKey(target.key);
      const token = signUploadToken(await options.tokenKeys(), target);
      return `${options.uploadPath}${token}`;
    },

    async verifyUploadToken(token, now) {
      return verifyUploadToken(await options.tokenKeys(), token, now);
    },

    async write(key, body: Readable, limits) {
      const target = pathOf(key);
      await fsp.mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
      const seen = { size: 0 };
      // flush: the bytes reach the disk before the file is closed and published.
      const out = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600, flush: true });
      try {
        await pipeline(checked(body, limits, seen), out);
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await publish(tmp, target);
        await syncDirectory(path.dirname(target));
        return { size: seen.size };
      } finally {
        // A refusal can come before the file was even opened: wait until the stream has opened and
        // closed, or the file would appear after it was removed and stay behind.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fsp.rm(tmp, { force: true });
      }
    },

    async put(key, bytes) {
      try {
        await store.write(key, Readable.from([bytes]), { maxBytes: bytes.length, requiredPrefix: Buffer.alloc(0) });
      } catch (error) {
        // The key names the content: a blob already there holds these bytes.
        if (!(error instanceof BlobRejectedError && error.reason === 'exists')) throw error;
      }
    },

    async inspect(key, headBytes): Promise<BlobInfo | null> {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(pathOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        const head = Buffer.alloc(Math.min(headBytes, size));
        if (head.length > 0) await handle.read(head, 0, head.length, 0);
        return { size, head };
      } finally {
        await handle.close();
      }
    },

    async read(key) {
      const file = pathOf(key);
      try {
        const { size } = await fsp.stat(file);
        return { body: fs.createReadStream(file), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async copy(from, to) {
      const source = pathOf(from);
      const target = pathOf(to);
      await fsp.mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
      try {
        // Copied and synced under a temporary name, then renamed: the target is whole or absent.
        await fsp.copyFile(source, tmp, fs.constants.COPYFILE_EXCL);
        const handle = await fsp.open(tmp, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.rename(tmp, target);
        await syncDirectory(path.dirname(target));
      } finally {
        await fsp.rm(tmp, { force: true });
      }
    },

    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },

    async deletePrefix(prefix) {
      assertBlobPrefix(prefix);
      await fsp.rm(path.resolve(root, ...prefix.split('/').filter(Boolean)), { recursive: true, force: true });
    },

    close: () => undefined,
  };
  return store;
}
