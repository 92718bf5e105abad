import { createFileRoute } from '@tanstack/react-router';
import { mySponsorshipsQueryOptions } from '@/features/sponsorships/api/list-my-sponsorships';
import { SponsorDashboardPage } from '@/features/sponsorships/components/sponsor-dashboard-page';
import { requireSignedIn } from '@/lib/auth';

/** The signed-in sponsor's sponsorships; the page shows its own loading and error states. */
export const Route = createFileRoute('/dashboard-sponsor')({
  beforeLoad: ({ context, location }) => requireSignedIn({ context, location }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(mySponsorshipsQueryOptions());
  },
  component: SponsorDashboardPage,
});
