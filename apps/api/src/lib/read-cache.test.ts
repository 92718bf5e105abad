import { describe, expect, it } from 'vitest';
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
    expect(preferredCoding(header as string | string[] | undefined)).toBe(expected);
  });
});
