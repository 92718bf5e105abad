// The event page's filters in the URL: the fulfilment card's (fulfilment-search.ts) and the sponsor
// list's (status, and text searched in the sponsor's address). Hand-written, not from @sp/shared:
// every route's validateSearch ships in the entry chunk (docs/decisions/006-bundle-budget.md).
import type { SponsorshipStatus } from '@sp/shared';
import { fulfilmentSearch } from '@/lib/fulfilment-search';
import { searchEnum, searchSchema, searchString } from '@/lib/search-params';

export const SPONSORSHIP_STATUS_ORDER = [
  'invited',
  'downloaded',
  'signed',
  'confirmed',
  'declined',
  'withdrawn',
] as const satisfies readonly SponsorshipStatus[];

export const sponsorshipListSearch = searchSchema({
  sponsorship_status: searchEnum(SPONSORSHIP_STATUS_ORDER),
  sponsorship_search: searchString,
});

export const eventPageSearch = (search: Record<string, unknown>) => ({
  ...fulfilmentSearch(search),
  ...sponsorshipListSearch(search),
});
