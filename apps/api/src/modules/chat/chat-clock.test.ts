import { describe, expect, it } from 'vitest';
import { createChatClock } from './chat-clock.ts';

describe('chat clock', () => {
  it("moves one conversation's version per write, not the others'", () => {
    const clock = createChatClock({ trustMs: 5_000, now: () => 1_000 });
    const [seven, eight] = [clock.version(7), clock.version(8)];
    clock.moved(7);
    expect(clock.version(7)).not.toBe(seven);
    expect(clock.version(8)).toBe(eight);
    const moved = clock.version(7);
    clock.moved(7);
    expect(clock.version(7)).not.toBe(moved);
  });

  it('trusts a version for trustMs at most, so a write it was not told of shows by then', () => {
    let now = 10_000;
    const clock = createChatClock({ trustMs: 5_000, now: () => now });
    const version = clock.version(7);
    now += 4_999;
    expect(clock.version(7)).toBe(version);
    now += 1;
    expect(clock.version(7)).not.toBe(version);
  });

  it('never gives an old version again when it forgets conversations to stay small', () => {
    const clock = createChatClock({ trustMs: 5_000, maxConversations: 2, now: () => 0 });
    const seen = new Set<string>();
    for (let round = 0; round < 3; round++) {
      for (const id of [1, 2, 3]) {
        seen.add(clock.version(id));
        clock.moved(id);
      }
    }
    for (const id of [1, 2, 3]) expect(seen.has(clock.version(id))).toBe(false);
  });

  it('gives every conversation a new version once other processes’ writes may have been missed', () => {
    const clock = createChatClock({ trustMs: 5_000, now: () => 0 });
    clock.moved(1);
    const versions = [clock.version(1), clock.version(2)];
    clock.forgetAll();
    expect([clock.version(1), clock.version(2)].some((v) => versions.includes(v))).toBe(false);
  });
});
