import { createFileRoute } from '@tanstack/react-router';
import { mySponsorshipsQueryOptions } from '@/features/sponsorships/api/list-my-sponsorships';
import { SponsorDeliverables } from '@/features/fulfilment/components/sponsor-deliverables';
import { PackageChoice } from '@/features/packages/components/package-choice';
import {
  SponsorDashboardPage,
  type SponsorPackagesSlot,
} from '@/features/sponsorships/components/sponsor-dashboard-page';
import { requireSignedIn } from '@/lib/auth';

/** The signed-in sponsor's sponsorships; the page shows its own loading and error states. */
export const Route = createFileRoute('/dashboard-sponsor')({
  beforeLoad: ({ context, location }) => requireSignedIn({ context, location }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(mySponsorshipsQueryOptions());
  },
  component: SponsorDashboardRoute,
});

const ME = { kind: 'user' } as const;
const Packages: SponsorPackagesSlot = ({ sponsorshipId, open }) => (
  <>
    <PackageChoice sponsorshipId={sponsorshipId} viewer={ME} open={open} />
    <SponsorDeliverables sponsorshipId={sponsorshipId} viewer={ME} />
  </>
);

function SponsorDashboardRoute() {
  return <SponsorDashboardPage Packages={Packages} />;
}
