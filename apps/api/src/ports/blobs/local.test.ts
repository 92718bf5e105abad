import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../../modules/events/test-support.ts';
import { createLocalBlobStore } from './local.ts';
import type { LocalBlobStore } from './blob-port.ts';

const PDF = Buffer.from('%PDF-', 'latin1');
const orgKey = (n: number) =>
  `organisations/7/events/3/sponsorships/9/00000000-0000-4000-8000-00000000000${n}-vertrag.pdf`;
const archiveKey = (n: number) => `archive/agreements/00000000-0000-4000-8000-00000000000${n}-vertrag.pdf`;

describe('local blob store', () => {
  let dir: string;
  let store: LocalBlobStore;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-blobs-'));
    store = createLocalBlobStore({
      dir,
      uploadPath: '/api/files/upload/',
      tokenKeys: async () => ({ signWith: Buffer.alloc(32, 1), acceptFrom: [Buffer.alloc(32, 1)] }),
    });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (key: string, bytes: Buffer) =>
    store.write(key, Readable.from([bytes]), { maxBytes: 4096, requiredPrefix: PDF });
  const contents = async (key: string) => {
    const blob = await store.read(key);
    if (!blob) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of blob.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('copies a blob to an archive key, keeps the source, and survives deleting the source prefix', async () => {
    await write(orgKey(1), pdfBytes('one'));
    await store.copy(orgKey(1), archiveKey(1));
    expect(await contents(archiveKey(1))).toEqual(pdfBytes('one'));
    expect(await contents(orgKey(1))).toEqual(pdfBytes('one'));
    expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);

    await store.deletePrefix('organisations/7/');
    expect(await contents(orgKey(1))).toBeNull();
    expect(await contents(archiveKey(1))).toEqual(pdfBytes('one'));
    await store.delete(archiveKey(1));
    expect(await contents(archiveKey(1))).toBeNull();
  });

  it('replaces an earlier copy at the target, so an interrupted copy can be repeated', async () => {
    await write(orgKey(2), pdfBytes('two'));
    await write(archiveKey(2), pdfBytes('half'));
    await store.copy(orgKey(2), archiveKey(2));
    expect(await contents(archiveKey(2))).toEqual(pdfBytes('two'));
  });

  it('fails for a missing source or a key outside the patterns, leaving nothing behind', async () => {
    await expect(store.copy(orgKey(5), archiveKey(5))).rejects.toThrow();
    expect(await contents(archiveKey(5))).toBeNull();
    await write(orgKey(3), pdfBytes('three'));
    await expect(store.copy(orgKey(3), '../outside.pdf')).rejects.toThrow(/Invalid blob key/);
    await expect(store.copy(orgKey(3), 'archive/agreements/../../x.pdf')).rejects.toThrow(/Invalid blob key/);
    await expect(store.copy('archive/other/00000000-0000-4000-8000-000000000003-x.pdf', archiveKey(3))).rejects.toThrow(
      /Invalid blob key/,
    );
    expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);
  });
});
