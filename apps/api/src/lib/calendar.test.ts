import { describe, expect, it } from 'vitest';
import { addDays, germanDay, germanYear } from './calendar.ts';

describe('germanDay', () => {
  it('is the day in Berlin, an hour ahead of UTC in winter', () => {
    expect(germanDay(new Date('2026-11-28T22:59:59.999Z'))).toBe('2026-11-28');
    expect(germanDay(new Date('2026-11-28T23:00:00Z'))).toBe('2026-11-29');
    expect(germanDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(germanYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
    expect(germanYear(new Date('2026-12-31T22:30:00Z'))).toBe(2026);
  });

  it('is two hours ahead in summer, and follows the clock change', () => {
    expect(germanDay(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(germanDay(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    // Summer time ends on 25 October 2026 at 01:00 UTC.
    expect(germanDay(new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25');
    expect(germanDay(new Date('2026-10-25T22:30:00Z'))).toBe('2026-10-25');
  });
});

describe('addDays', () => {
  it('counts calendar days across months, years and the clock change', () => {
    expect(addDays('2026-12-20', 14)).toBe('2027-01-03');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
