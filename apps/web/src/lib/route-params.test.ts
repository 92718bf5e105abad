import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { parseIdParam } from './route-params';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('parseIdParam', () => {
  it('reads positive integers', () => {
    expect(parseIdParam('42')).toBe(42);
  });

  it('treats anything else as not found', () => {
    for (const value of ['abc', '-1', '0', '1.5', '1e3', '', '9999999999999999999']) {
      expect(isNotFound(thrown(() => parseIdParam(value)))).toBe(true);
    }
  });
});
