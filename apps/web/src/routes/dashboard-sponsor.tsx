import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  AgreementCard,
  UploadStepsUnlessGenerated,
  type LegalDetailsSlot,
} from '@/features/agreements/components/agreement-card';
import { AgreementNextStep } from '@/features/agreements/components/agreement-next-step';
import { mySponsorshipsQueryOptions } from '@/features/sponsorships/api/list-my-sponsorships';
import { SponsorDeliverables } from '@/features/fulfilment/components/sponsor-deliverables';
import { InvoiceNextStep } from '@/features/invoices/components/invoice-next-step';
import { SponsorInvoices } from '@/features/invoices/components/sponsor-invoices';
import { PackageChoice } from '@/features/packages/components/package-choice';
import { SponsorLegalDetailsForm } from '@/features/sponsor-profile/components/legal-details-form';
import { SponsorLegalDetailsSection } from '@/features/sponsor-profile/components/legal-details-section';
import { SponsorProfileSection } from '@/features/sponsor-profile/components/sponsor-profile-section';
import {
  SponsorDashboardPage,
  type SponsorNextStepSlot,
  type SponsorPackagesSlot,
} from '@/features/sponsorships/components/sponsor-dashboard-page';
import { useTellSponsorLanguage } from '@/features/sponsorships/hooks/use-tell-sponsor-language';
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
const LegalDetails: LegalDetailsSlot = (props) => <SponsorLegalDetailsForm {...props} />;
const Packages: SponsorPackagesSlot = ({ sponsorshipId, open }) => (
  <div className="flex flex-col gap-8">
    <PackageChoice sponsorshipId={sponsorshipId} viewer={ME} open={open} />
    <SponsorDeliverables sponsorshipId={sponsorshipId} viewer={ME} />
    <SponsorInvoices sponsorshipId={sponsorshipId} viewer={ME} />
    <AgreementCard sponsorshipId={sponsorshipId} viewer={ME} LegalDetails={LegalDetails} />
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
      <SponsorDashboardPage Packages={Packages} Agreement={UploadStepsUnlessGenerated} NextStep={NextStep} />
      {sponsorships.data && sponsorships.data.length > 0 ? (
        <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 pb-10 sm:px-6">
          <SponsorProfileSection viewer={ME} />
          <SponsorLegalDetailsSection viewer={ME} />
        </div>
      ) : null}
    </>
  );
}
