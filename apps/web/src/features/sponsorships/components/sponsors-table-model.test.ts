import { describe, expect, it } from 'vitest';
import type { Sponsorship } from '../api/sponsorship';
import { nextSort, sponsorRows, toggleAll } from './sponsors-table-model';

const sponsorship = (id: number, email: string, status: Sponsorship['status'], amountCents: number | null) =>
  ({ id, sponsorEmail: email, status, amountCents }) as Sponsorship;

const list = [
  sponsorship(1, 'zeta@example.org', 'invited', 50_000),
  sponsorship(2, 'Alpha@example.org', 'confirmed', null),
  sponsorship(3, 'beta@example.org', 'signed', 20_000),
  sponsorship(4, 'gamma@example.org', 'invited', 20_000),
  sponsorship(5, 'delta@brauerei.de', 'declined', 90_000),
];
const ids = (rows: Sponsorship[]) => rows.map((s) => s.id);

describe('sponsorRows', () => {
  it('sorts by address without regard to case, both ways', () => {
    expect(ids(sponsorRows(list, {}, { key: 'email', direction: 'asc' }))).toEqual([2, 3, 5, 4, 1]);
    expect(ids(sponsorRows(list, {}, { key: 'email', direction: 'desc' }))).toEqual([1, 4, 5, 3, 2]);
  });

  it('sorts by amount, no amount lowest, ties by address', () => {
    expect(ids(sponsorRows(list, {}, { key: 'amount', direction: 'asc' }))).toEqual([2, 3, 4, 1, 5]);
    expect(ids(sponsorRows(list, {}, { key: 'amount', direction: 'desc' }))).toEqual([5, 1, 3, 4, 2]);
  });

  it("sorts by the status's order (invited first), ties by address", () => {
    expect(ids(sponsorRows(list, {}, { key: 'status', direction: 'asc' }))).toEqual([4, 1, 3, 2, 5]);
  });

  it('filters by status and by text in the address before sorting', () => {
    const sort = { key: 'email', direction: 'asc' } as const;
    expect(ids(sponsorRows(list, { status: 'invited' }, sort))).toEqual([4, 1]);
    expect(ids(sponsorRows(list, { search: ' BRAUEREI ' }, sort))).toEqual([5]);
    expect(ids(sponsorRows(list, { status: 'signed', search: 'zeta' }, sort))).toEqual([]);
  });

  it('leaves the list it was given as it was', () => {
    const copy = [...list];
    sponsorRows(list, {}, { key: 'amount', direction: 'desc' });
    expect(list).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('turns the same column around and starts another ascending', () => {
    expect(nextSort({ key: 'email', direction: 'asc' }, 'email')).toEqual({ key: 'email', direction: 'desc' });
    expect(nextSort({ key: 'email', direction: 'desc' }, 'email')).toEqual({ key: 'email', direction: 'asc' });
    expect(nextSort({ key: 'email', direction: 'desc' }, 'amount')).toEqual({ key: 'amount', direction: 'asc' });
  });
});

describe('toggleAll', () => {
  const shown = list.slice(0, 3);
  it('ticks every shown row and keeps ticks outside them', () => {
    expect([...toggleAll(new Set([5, 1]), shown)].sort()).toEqual([1, 2, 3, 5]);
  });
  it('unticks the shown rows when all were ticked', () => {
    expect([...toggleAll(new Set([1, 2, 3, 5]), shown)]).toEqual([5]);
  });
  it('ticks nothing when nothing is shown', () => {
    expect([...toggleAll(new Set(), [])]).toEqual([]);
  });
});
