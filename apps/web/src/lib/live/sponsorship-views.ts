// What a screen may show of a sponsorship that another party can change: refetched (the queries in
// use; the others when next used) on the live stream's `sponsorship` event and after a gap in it.
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

const SPONSORSHIP_VIEWS = [
  queryKeys.sponsorships.all,
  queryKeys.packages.all,
  queryKeys.fulfilment.all,
  queryKeys.invoices.all,
  queryKeys.events.all,
  queryKeys.allOrganiserTasks,
  queryKeys.allOrganiserProgress,
  queryKeys.sponsorWall.all,
] as const;

export function refreshSponsorshipViews(queryClient: QueryClient): void {
  for (const queryKey of SPONSORSHIP_VIEWS) void queryClient.invalidateQueries({ queryKey });
}
