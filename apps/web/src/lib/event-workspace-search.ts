// The event workspace's areas' filters in the URL (issue 58): the sponsors table's status, search,
// sort and open panel; the invoices area's status. Hand-written like the other search validators
// (decision 006: every validateSearch ships in the entry chunk).
import { sponsorshipListSearch } from '@/lib/event-page-search';
import { searchEnum, searchPositiveInt, searchSchema } from '@/lib/search-params';

export const SPONSOR_SORT_KEYS = ['email', 'status', 'amount'] as const;

const sponsorsTableSearch = searchSchema({
  sort: searchEnum(SPONSOR_SORT_KEYS),
  dir: searchEnum(['asc', 'desc'] as const),
  /** The sponsorship whose detail panel is open. */
  sponsorship: searchPositiveInt,
});

export const sponsorsSearch = (search: Record<string, unknown>) => ({
  ...sponsorshipListSearch(search),
  ...sponsorsTableSearch(search),
});

export const eventInvoicesSearch = searchSchema({
  status: searchEnum(['draft', 'issued', 'paid', 'overdue', 'cancelled'] as const),
});
