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

const refetchAll = (queryClient: QueryClient) => {
  for (const queryKey of SPONSORSHIP_VIEWS) void queryClient.invalidateQueries({ queryKey });
};

// Waiting for this tab's own mutations, per query client (one per tab).
const waiting = new WeakSet<QueryClient>();

/**
 * Refetches the views, but not while a change of this tab is still on its way: the stream's event
 * for it often arrives before its answer, and a refetch then can unmount the form that made it (a
 * refund form shown only while the invoice is paid), whose success message and close would be lost.
 * The refetch follows once every mutation of the tab has settled (each mutation refetches its own
 * queries too).
 */
export function refreshSponsorshipViews(queryClient: QueryClient): void {
  if (queryClient.isMutating() === 0) return refetchAll(queryClient);
  if (waiting.has(queryClient)) return;
  waiting.add(queryClient);
  const unsubscribe = queryClient.getMutationCache().subscribe(() => {
    // The cache tells before the mutation's own callbacks ran: look again after them.
    setTimeout(() => {
      if (!waiting.has(queryClient) || queryClient.isMutating() > 0) return;
      waiting.delete(queryClient);
      unsubscribe();
      refetchAll(queryClient);
    }, 0);
  });
}
