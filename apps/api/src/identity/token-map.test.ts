import { describe, expect, it } from 'vitest';
import { createTokenMap, isCompactJwt } from './token-map.ts';

describe('the verifiers’ token map', () => {
  const end = 'S'.repeat(40);
  it('answers only for the very token it was given, though tokens share their end', () => {
    const map = createTokenMap<string>(10);
    map.set(`a.b.${end}`, 'first');
    expect(map.get(`a.b.${end}`)).toBe('first');
    // A new string with the same characters is the same token.
    expect(map.get(['a', 'b', end].join('.'))).toBe('first');
    expect(map.get(`a.c.${end}`)).toBeUndefined();
    // Forgetting another token of the same end leaves this one.
    map.delete(`a.c.${end}`);
    expect(map.get(`a.b.${end}`)).toBe('first');
    // Keeping another token of the same end displaces it: never two answers for one lookup.
    map.set(`a.c.${end}`, 'second');
    expect(map.get(`a.b.${end}`)).toBeUndefined();
    expect(map.get(`a.c.${end}`)).toBe('second');
    map.delete(`a.c.${end}`);
    expect(map.get(`a.c.${end}`)).toBeUndefined();
  });

  it('keeps at most `max` tokens, the oldest going first', () => {
    const map = createTokenMap<number>(3);
    const token = (i: number) => `h.p.${String(i).padStart(30, '0')}`;
    for (let i = 0; i < 5; i++) map.set(token(i), i);
    expect([0, 1, 2, 3, 4].map((i) => map.get(token(i)))).toEqual([undefined, undefined, 2, 3, 4]);
  });

  it('lets only a JWT’s shape in', () => {
    expect(isCompactJwt('eyJh.eyJz.c2ln')).toBe(true);
    expect(isCompactJwt('eyJh.eyJz.c2ln=')).toBe(true);
    for (const bad of [
      '',
      'a.b',
      'a.b.c.d',
      'a..c',
      ' a.b.c',
      'a.b.c ',
      'a.b!.c',
      'a.b.c\n',
      `a.b.${'c'.repeat(16_384)}`,
    ])
      expect(isCompactJwt(bad)).toBe(false);
  });
});
