// The sponsors table's rows: filtered by status and address, sorted by a column. Pure, so that the
// table and its tests use one rule (the filter itself is sponsorship-filter.ts's).
import { SPONSORSHIP_STATUS_ORDER } from '@/lib/event-page-search';
import { SPONSOR_SORT_KEYS } from '@/lib/event-workspace-search';
import { sponsorLabel, type Sponsorship } from '../api/sponsorship';
import { filterSponsorships, type SponsorshipFilter } from './sponsorship-filter';

export { SPONSOR_SORT_KEYS };
export type SponsorSortKey = (typeof SPONSOR_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export type SponsorSort = { key: SponsorSortKey; direction: SortDirection };

const statusRank = (status: Sponsorship['status']) => SPONSORSHIP_STATUS_ORDER.indexOf(status);

function compare(a: Sponsorship, b: Sponsorship, key: SponsorSortKey): number {
  if (key === 'status') return statusRank(a.status) - statusRank(b.status);
  // Without an amount a sponsorship sorts below every amount, in both directions' reading order.
  if (key === 'amount') return (a.amountCents ?? -1) - (b.amountCents ?? -1);
  return 0;
}

/** The rows shown: the filter's, sorted; ties (and the sponsor column) go by the sponsor's name (or address), then id. */
export function sponsorRows(list: Sponsorship[], filter: SponsorshipFilter, sort: SponsorSort): Sponsorship[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const byEmail = (a: Sponsorship, b: Sponsorship) =>
    sponsorLabel(a).localeCompare(sponsorLabel(b), undefined, { sensitivity: 'base' }) || a.id - b.id;
  return filterSponsorships(list, filter).sort((a, b) =>
    sort.key === 'email' ? sign * byEmail(a, b) : sign * compare(a, b, sort.key) || byEmail(a, b),
  );
}

/** The next sort after a click on a column's header: the same column turns around, another starts ascending. */
export function nextSort(current: SponsorSort, key: SponsorSortKey): SponsorSort {
  return current.key === key
    ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { key, direction: 'asc' };
}

/** The selection after ticking "all shown": all of them, or none when all were ticked. */
export function toggleAll(selected: ReadonlySet<number>, shown: Sponsorship[]): Set<number> {
  const allTicked = shown.length > 0 && shown.every((s) => selected.has(s.id));
  const next = new Set(selected);
  for (const s of shown) {
    if (allTicked) next.delete(s.id);
    else next.add(s.id);
  }
  return next;
}
