import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AgreementNextStep } from '@/features/agreements/components/agreement-next-step';
import { mySponsorshipsQueryOptions } from '@/features/sponsorships/api/list-my-sponsorships';
import { InvoiceNextStep } from '@/features/invoices/components/invoice-next-step';
import { RenewalOfferCard } from '@/features/renewals/components/renewal-offer-card';
import { SponsorProfileSection } from '@/features/sponsor-profile/components/sponsor-profile-section';
import {
  SponsorDashboardPage,
  type SponsorFlowSlot,
  type SponsorNextStepSlot,
} from '@/features/sponsorships/components/sponsor-dashboard-page';
import { useTellSponsorLanguage } from '@/features/sponsorships/hooks/use-tell-sponsor-language';
import { requireSignedIn } from '@/lib/auth';
import { SponsorFlowOf } from './-sponsor-flow';

/** The signed-in sponsor's sponsorships; the page shows its own loading and error states. */
export const Route = createFileRoute('/dashboard-sponsor')({
  beforeLoad: ({ context, location }) => requireSignedIn({ context, location }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(mySponsorshipsQueryOptions());
  },
  component: SponsorDashboardRoute,
});

const ME = { kind: 'user' } as const;
// The card's header shows the status already. A renewal offer is answered here as on the link's page.
const Flow: SponsorFlowSlot = ({ sponsorshipId }) => (
  <div className="flex flex-col gap-4">
    <RenewalOfferCard sponsorshipId={sponsorshipId} viewer={ME} anchor={`renewal-${sponsorshipId}`} />
    <SponsorFlowOf sponsorshipId={sponsorshipId} viewer={ME} withStatus={false} />
  </div>
);

/** Paying an open invoice comes first; before any invoice, the agreement's step (or the status's). */
const NextStep: SponsorNextStepSlot = (props) => (
  <InvoiceNextStep {...props} fallback={<AgreementNextStep {...props} />} />
);

/** The public profile belongs to sponsors: it shows once the user has a sponsorship. */
function SponsorDashboardRoute() {
  const sponsorships = useQuery(mySponsorshipsQueryOptions());
  useTellSponsorLanguage(ME);
  return (
    <>
      <SponsorDashboardPage Flow={Flow} NextStep={NextStep} />
      {sponsorships.data && sponsorships.data.length > 0 ? (
        <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 pb-10 sm:px-6">
          <SponsorProfileSection viewer={ME} />
        </div>
      ) : null}
    </>
  );
}
