// The one mapping from what changed (the live stream's `sponsorship` event names its parts, decision
// 078) to the query families that show it. Each family is refetched (the queries in use; the others
// when next used) on the event, and all of them after a gap in the stream. A screen that shows
// something another party can change reads it through a family below, or it does not stay live.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { SPONSORSHIP_CHANGE_PARTS, type SponsorshipChangePart } from '@sp/shared';
import { queryKeys } from '@/lib/query-keys';

/** The dashboard's tasks and progress, the events' figures and the readiness board follow every part. */
const SUMMARIES = [
  queryKeys.allOrganiserTasks,
  queryKeys.allOrganiserProgress,
  queryKeys.events.all,
  queryKeys.readiness.all,
] as const;

export const LIVE_VIEWS: Record<SponsorshipChangePart, readonly QueryKey[]> = {
  // State, package, amount, agreement: a confirmation also makes deliverables and allows invoices,
  // and it decides who is on the wall.
  sponsorship: [
    queryKeys.sponsorships.all,
    queryKeys.packages.all,
    queryKeys.fulfilment.all,
    queryKeys.invoices.all,
    queryKeys.sponsorWall.all,
    ...SUMMARIES,
  ],
  // The numbers per package count what is delivered.
  deliverables: [queryKeys.fulfilment.all, queryKeys.packages.all, ...SUMMARIES],
  invoices: [queryKeys.invoices.all, ...SUMMARIES],
  // The sponsor's name, logo, legal details and wall consent: shown with their sponsorships, as the
  // agreement's and invoice's party, on the wall; a logo provides logo deliverables. The organiser's
  // conversations are named by it (decision 091).
  profile: [
    queryKeys.sponsorProfiles,
    queryKeys.conversations.all,
    queryKeys.sponsorLegalDetailsAll,
    queryKeys.sponsorships.all,
    queryKeys.fulfilment.all,
    queryKeys.invoices.all,
    queryKeys.sponsorWall.all,
    ...SUMMARIES,
  ],
  // Parcels announced and received (decision 082): the sponsor's deliver step, the organiser's card
  // and the readiness board.
  shipments: [queryKeys.shipments.all, ...SUMMARIES],
};

/** The distinct families the parts map to (a family listed under two parts is refetched once). */
export function viewsOf(parts: readonly SponsorshipChangePart[]): QueryKey[] {
  const seen = new Map<string, QueryKey>();
  for (const part of parts) for (const key of LIVE_VIEWS[part]) seen.set(JSON.stringify(key), key);
  return [...seen.values()];
}

const refetch = (queryClient: QueryClient, parts: Iterable<SponsorshipChangePart>) => {
  for (const queryKey of viewsOf([...parts])) void queryClient.invalidateQueries({ queryKey });
};

// The parts still to refetch once this tab's own mutations settled, per query client (one per tab).
const waiting = new WeakMap<QueryClient, Set<SponsorshipChangePart>>();

/**
 * Refetches the views of `parts` (all of them by default: after a gap), but not while a change of
 * this tab is still on its way: the stream's event for it often arrives before its answer, and a
 * refetch then can unmount the form that made it (a refund form shown only while the invoice is paid),
 * whose success message and close would be lost. The refetch follows once every mutation of the tab
 * has settled (each mutation refetches its own queries too).
 */
export function refreshSponsorshipViews(
  queryClient: QueryClient,
  parts: readonly SponsorshipChangePart[] = SPONSORSHIP_CHANGE_PARTS,
): void {
  if (queryClient.isMutating() === 0 && !waiting.has(queryClient)) return refetch(queryClient, parts);
  const pending = waiting.get(queryClient);
  if (pending) {
    for (const part of parts) pending.add(part);
    return;
  }
  waiting.set(queryClient, new Set(parts));
  const unsubscribe = queryClient.getMutationCache().subscribe(() => {
    // The cache tells before the mutation's own callbacks ran: look again after them.
    setTimeout(() => {
      const due = waiting.get(queryClient);
      if (!due || queryClient.isMutating() > 0) return;
      waiting.delete(queryClient);
      unsubscribe();
      refetch(queryClient, due);
    }, 0);
  });
}
