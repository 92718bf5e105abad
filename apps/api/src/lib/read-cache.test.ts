import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createReadCache, preferredCoding } from './read-cache.ts';

const json = (text: string) => Buffer.from(JSON.stringify(text));

describe('read cache', () => {
  it('answers an entry only for the version it was stored with', () => {
    const cache = createReadCache({ maxBytes: 10_000 });
    cache.set('events:1', '7', json('seven'));
    expect(cache.get('events:1', '7')?.json.toString()).toBe('"seven"');
    expect(cache.get('events:1', '8')).toBeUndefined();
    expect(cache.get('events:2', '7')).toBeUndefined();
    cache.set('events:1', '8', json('eight'));
    expect(cache.get('events:1', '7')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 3 });
  });

  it('stays within its byte budget by dropping the least recently used entries', () => {
    const cache = createReadCache({ maxBytes: 1_000 });
    const body = Buffer.alloc(200, 'x');
    cache.set('a', '1', body);
    cache.set('b', '1', body);
    cache.set('c', '1', body);
    cache.get('a', '1'); // a is now the most recently used
    cache.set('d', '1', body);
    cache.set('e', '1', body);
    expect(cache.stats().bytes).toBeLessThanOrEqual(1_000);
    expect(cache.get('a', '1')).toBeDefined();
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('e', '1')).toBeDefined();
  });

  it('does not keep one answer larger than a quarter of the budget', () => {
    const cache = createReadCache({ maxBytes: 1_000 });
    cache.set('small', '1', Buffer.alloc(100));
    cache.set('huge', '1', Buffer.alloc(400));
    expect(cache.get('huge', '1')).toBeUndefined();
    expect(cache.get('small', '1')).toBeDefined();
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

describe('read cache loads (decision 044)', () => {
  /**
   * A server whose one route answers from `cache` with the version in the query and a load that waits
   * for `release`. `arrived(n)` resolves once n requests have reached the cache: a fixed sleep instead
   * was too short on a busy CI machine, and a request arriving after the release finds the stored entry.
   */
  async function serverWith(cache: ReturnType<typeof createReadCache>) {
    const app = Fastify();
    let loads = 0;
    let arrivals = 0;
    const waiting: { count: number; resolve: () => void }[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get<{ Querystring: { v: string } }>('/list', (request, reply) => {
      arrivals++;
      for (const wait of waiting) if (arrivals >= wait.count) wait.resolve();
      return cache.sendJson(reply, {
        key: 'conversations:anna',
        version: request.query.v,
        load: async () => {
          const nth = ++loads;
          await released;
          return { json: json(`list ${nth} at ${request.query.v}`) };
        },
      });
    });
    await app.ready();
    const arrived = (count: number) =>
      arrivals >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve }));
    return { app, release, arrived, loads: () => loads };
  }

  it('lets reads of the same version join the load that is running', async () => {
    const cache = createReadCache({ maxBytes: 10_000 });
    const { app, release, arrived, loads } = await serverWith(cache);
    const answers = Array.from({ length: 5 }, () => app.inject('/list?v=3'));
    await arrived(5);
    release();
    const bodies = (await Promise.all(answers)).map((answer) => answer.body);
    expect(bodies).toEqual(Array(5).fill('"list 1 at 3"'));
    expect(loads()).toBe(1);
    expect(cache.stats()).toMatchObject({ joined: 4, entries: 1 });
    await app.close();
  });

  it('loads again for another version, and after a load failed', async () => {
    const cache = createReadCache({ maxBytes: 10_000 });
    const { app, release, arrived, loads } = await serverWith(cache);
    const older = app.inject('/list?v=3');
    const newer = app.inject('/list?v=4');
    await arrived(2);
    release();
    expect((await older).body).toBe('"list 1 at 3"');
    expect((await newer).body).toBe('"list 2 at 4"');
    expect(loads()).toBe(2);

    const failing = Fastify();
    let attempts = 0;
    failing.get('/list', (_request, reply) =>
      cache.sendJson(reply, {
        key: 'conversations:ben',
        version: '1',
        load: async () => {
          attempts++;
          if (attempts === 1) throw new Error('connection lost');
          return { json: json('fine') };
        },
      }),
    );
    expect((await failing.inject('/list')).statusCode).toBe(500);
    expect((await failing.inject('/list')).body).toBe('"fine"');
    await Promise.all([app.close(), failing.close()]);
  });
});
