// The fast timestamptz reader answers what pg's own parser answers, for every form PostgreSQL sends.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz } from './timestamptz.ts';

const pgParse = createRequire(import.meta.url)('postgres-date') as (text: string) => unknown;

describe('the timestamptz reader', () => {
  it('reads the values PostgreSQL sends exactly as pg would, and leaves the rest to pg', () => {
    const samples = [
      '2026-11-26 09:55:59+00',
      '2026-11-26 09:55:59.1+00',
      '2026-11-26 09:55:59.12+00',
      '2026-11-26 09:55:59.123+00',
      '2026-11-26 09:55:59.123456+00',
      '2026-11-26 09:55:59.999999+01',
      '2026-03-29 02:30:00+02',
      '2026-01-01 00:00:00.5-05',
      '2026-01-01 00:00:00+05:30',
      '1970-01-01 00:00:00+00',
      '0099-01-01 00:00:00+00',
      '2026-01-01 00:00:00+05:30:15',
      '2026-01-01 00:00:00 BC',
      '0044-03-15 12:00:00+00 BC',
      'infinity',
      '-infinity',
      '12026-01-01 00:00:00+00',
      '2026-1x-01 00:00:00+00',
    ];
    let fallbacks = 0;
    for (const text of samples) {
      const ours = parseTimestamptz(text, (t) => {
        fallbacks++;
        return pgParse(t);
      });
      const theirs = pgParse(text);
      if (theirs instanceof Date) expect([text, (ours as Date).getTime()]).toEqual([text, theirs.getTime()]);
      else expect(ours).toEqual(theirs);
    }
    // Only the unusual forms went to pg's parser.
    expect(fallbacks).toBe(8);
  });
});
