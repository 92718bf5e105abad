// The read cache's contract at its seam (index.ts): a kept answer is served only while none of the
// tables its read declared changed since its load began and while the engine's feed is trusted; a
// load that ran across a change is not kept; concurrent reads of one key share a load begun after the
// last change. And SQLite's feed hears a write of another connection (PRAGMA data_version). The
// contract across processes is tested with real servers in test/runtime/read-contract-*.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createChangeClock, type Changes } from './changes.ts';
import { createReadCache, createSqliteChanges, DATA_VERSION_TRUSTED_MS, preferredCoding } from './index.ts';

/** A feed whose trust the test sets: the clock is the real one. */
function feed(): Changes & { trust: boolean } {
  const clock = createChangeClock();
  const changes = { ...clock, trust: true, trusted: () => changes.trust, close: async () => undefined };
  return changes;
}

/** Answers GET / with `listing` through the cache; the body as served. */
async function serve(cache: ReturnType<typeof createReadCache>, listing: () => Parameters<typeof cache.send>[1]) {
  const app = Fastify();
  app.get('/', (_request, reply) => cache.send(reply, listing(), z.string()));
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res.json<string>();
}

describe('the read cache', () => {
  it('serves a kept answer until a table its read declared changes, whatever else is written', async () => {
    const changes = feed();
    const cache = createReadCache({ maxBytes: 1 << 20, changes });
    let loads = 0;
    const listing = () => ({ key: 'k', reads: ['events'], load: async () => ({ body: `v${++loads}` }) });
    expect(await serve(cache, listing)).toBe('v1');
    expect(await serve(cache, listing)).toBe('v1');
    changes.changed(['messages']);
    expect(await serve(cache, listing)).toBe('v1');
    changes.changed(['events']);
    expect(await serve(cache, listing)).toBe('v2');
    changes.changed('all');
    expect(await serve(cache, listing)).toBe('v3');
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 3 });
  });

  it('serves and keeps nothing while its feed is not trusted, nor for a read that declares no tables', async () => {
    const changes = feed();
    const cache = createReadCache({ maxBytes: 1 << 20, changes });
    let loads = 0;
    const listing = () => ({ key: 'k', reads: ['events'], load: async () => ({ body: `v${++loads}` }) });
    expect(await serve(cache, listing)).toBe('v1');
    changes.trust = false;
    expect(await serve(cache, listing)).toBe('v2');
    expect(await serve(cache, listing)).toBe('v3');
    changes.trust = true;
    const undeclared = () => ({ key: 'u', reads: null, load: async () => ({ body: `u${++loads}` }) });
    expect(await serve(cache, undeclared)).toBe('u4');
    expect(await serve(cache, undeclared)).toBe('u5');
  });

  it('does not keep a load that ran across a change, and lets no later read join it', async () => {
    const changes = feed();
    const cache = createReadCache({ maxBytes: 1 << 20, changes });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let loads = 0;
    const slow = () => ({
      key: 'k',
      reads: ['events'],
      load: async () => {
        const n = ++loads;
        if (n === 1) await gate;
        return { body: `v${n}` };
      },
    });
    const first = serve(cache, slow);
    const joined = serve(cache, slow);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Written (and acknowledged) while the first load runs: a read now must not share it.
    changes.changed(['events']);
    const after = serve(cache, slow);
    release();
    expect(await first).toBe('v1');
    expect(await joined).toBe('v1');
    expect(await after).toBe('v2');
    expect(await serve(cache, slow)).toBe('v2');
    expect(cache.stats().joined).toBe(1);
  });

  it('keeps rows under their declared tables, frozen', async () => {
    const changes = feed();
    const cache = createReadCache({ maxBytes: 1 << 20, changes });
    let loads = 0;
    const read = () => cache.rows('r', ['user_profiles'], async () => [{ n: ++loads }]);
    expect(await read()).toEqual([{ n: 1 }]);
    expect(Object.isFrozen((await read())[0])).toBe(true);
    changes.changed(['user_profiles']);
    expect(await read()).toEqual([{ n: 2 }]);
  });

  it('stays within its byte budget by dropping the least recently used answers', async () => {
    const changes = feed();
    const cache = createReadCache({ maxBytes: 4000, changes });
    const body = 'x'.repeat(900);
    for (const key of ['a', 'b', 'c', 'd', 'e'])
      await serve(cache, () => ({ key, reads: ['t'], load: async () => ({ body }) }));
    expect(cache.stats().bytes).toBeLessThanOrEqual(4000);
    expect(cache.stats().entries).toBeLessThan(5);
  });
});

describe('the SQLite feed', () => {
  it('hears a write through another connection within DATA_VERSION_TRUSTED_MS', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-read-cache-'));
    const file = path.join(dir, 'db.sqlite');
    const server = new SQLite(file);
    const operator = new SQLite(file);
    try {
      server.pragma('journal_mode = WAL');
      server.exec('create table t (v integer)');
      const { changes, counted } = createSqliteChanges(server);
      expect(changes.trusted()).toBe(true);
      let mark = changes.mark();
      // This connection's own write counts once it has run.
      counted(server.prepare('insert into t values (1)')).run([]);
      expect(changes.changedSince(['t'], mark)).toBe(true);
      mark = changes.mark();
      operator.prepare('insert into t values (2)').run();
      await new Promise((resolve) => setTimeout(resolve, DATA_VERSION_TRUSTED_MS + 5));
      changes.trusted();
      expect(changes.changedSince(['t'], mark)).toBe(true);
      // Reads change nothing.
      mark = changes.mark();
      counted(server.prepare('select * from t')).all([]);
      await new Promise((resolve) => setTimeout(resolve, DATA_VERSION_TRUSTED_MS + 5));
      changes.trusted();
      expect(changes.changedSince(['t'], mark)).toBe(false);
    } finally {
      operator.close();
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('preferredCoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['gzip;q=0, br;q=0', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=abc', null],
    [',,; q=', null],
    [['gzip', 'br'], 'br'],
  ] as const)('%j -> %s', (header, expected) => {
    // Twice: the second answer is the remembered one.
    expect(preferredCoding(header as string | string[] | undefined)).toBe(expected);
    expect(preferredCoding(header as string | string[] | undefined)).toBe(expected);
  });

  it('answers a value too long to remember, and many values, as it parses them', () => {
    expect(preferredCoding(`${'x;q=0.5, '.repeat(40)}gzip`)).toBe('gzip');
    for (let i = 0; i < 300; i++) expect(preferredCoding(`x${i}, gzip;q=0`)).toBeNull();
    expect(preferredCoding('gzip, deflate, br')).toBe('br');
    expect(preferredCoding('gzip, deflate, br')).toBe('br');
  });
});
