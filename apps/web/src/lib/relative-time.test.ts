import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const DAY = 86_400_000;

describe('formatRelativeTime', () => {
  it('says how long ago in German and English', () => {
    expect(formatRelativeTime(ago(61 * DAY), 'de', now)).toBe('vor 2 Monaten');
    expect(formatRelativeTime(ago(61 * DAY), 'en', now)).toBe('2 months ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), 'de', now)).toBe('vor 3 Stunden');
    expect(formatRelativeTime(ago(DAY + 1000), 'en', now)).toBe('yesterday');
  });

  it('treats the last minute as now and ignores unreadable values', () => {
    expect(formatRelativeTime(ago(20_000), 'en', now)).toBe('this minute');
    expect(formatRelativeTime('not a date', 'de', now)).toBe('');
  });
});
