import { createFileRoute } from '@tanstack/react-router';
import { MissingInvitationParams } from '@/components/feedback/missing-invitation-params';
import { PasswordInput } from '@/components/password/password-input';
import { NewPasswordHint } from '@/components/password/new-password-hint';
import { AgreementCard, type LegalDetailsSlot } from '@/features/agreements/components/agreement-card';
import { useIdentity } from '@/features/auth/hooks/use-identity';
import { InviteSponsorPage, type SponsorNextStepsSlot } from '@/features/invitations/components/invite-sponsor-page';
import { SponsorDeliverables } from '@/features/fulfilment/components/sponsor-deliverables';
import { SponsorInvoices } from '@/features/invoices/components/sponsor-invoices';
import { PackageChoice } from '@/features/packages/components/package-choice';
import { SponsorLegalDetailsForm } from '@/features/sponsor-profile/components/legal-details-form';
import { SponsorLegalDetailsSection } from '@/features/sponsor-profile/components/legal-details-section';
import { SponsorProfileSection } from '@/features/sponsor-profile/components/sponsor-profile-section';
import { SponsorNextSteps, type SponsorAgreementSlot } from '@/features/sponsorships/components/sponsor-next-steps';
import { useTellSponsorLanguage } from '@/features/sponsorships/hooks/use-tell-sponsor-language';
import { useLanguage } from '@/hooks/use-language';
import { GuestLiveStream } from '@/lib/live/guest-live-stream';
import { searchSchema, searchString } from '@/lib/search-params';

export const Route = createFileRoute('/invite-sponsor/')({
  validateSearch: searchSchema({ token: searchString, email: searchString }),
  component: InviteSponsorRoute,
});

/** The draft needs the sponsor's legal details: the card asks for them first when they are missing. */
const LegalDetails: LegalDetailsSlot = (props) => <SponsorLegalDetailsForm {...props} />;

/** The generated agreement in place of the upload steps when the event uses it. */
const Agreement: SponsorAgreementSlot = (props) => <AgreementCard {...props} LegalDetails={LegalDetails} />;

/** The steps work with the invitation link alone (guest access), before any account exists. */
const GuestNextSteps: SponsorNextStepsSlot = ({ sponsorshipId, token, email, registerHref }) => {
  useTellSponsorLanguage({ kind: 'guest', token, email }, sponsorshipId);
  return (
    <div className="flex flex-col gap-8">
      <GuestLiveStream token={token} email={email} />
      <PackageChoice sponsorshipId={sponsorshipId} viewer={{ kind: 'guest', token, email }} open />
      <SponsorDeliverables sponsorshipId={sponsorshipId} viewer={{ kind: 'guest', token, email }} />
      <SponsorInvoices sponsorshipId={sponsorshipId} viewer={{ kind: 'guest', token, email }} />
      <SponsorNextSteps
        sponsorshipId={sponsorshipId}
        viewer={{ kind: 'guest', token, email }}
        registerHref={registerHref}
        Agreement={Agreement}
      />
      <SponsorProfileSection viewer={{ kind: 'guest', token, email }} />
      <SponsorLegalDetailsSection viewer={{ kind: 'guest', token, email }} />
    </div>
  );
};

function InviteSponsorRoute() {
  const { token, email } = Route.useSearch();
  const identity = useIdentity();
  const [language] = useLanguage();
  if (!token || !email) return <MissingInvitationParams />;
  return (
    <InviteSponsorPage
      key={token}
      token={token}
      email={email}
      signUp={async (input) => {
        await identity.signUp({ ...input, language });
      }}
      PasswordRules={NewPasswordHint}
      PasswordInput={PasswordInput}
      NextSteps={GuestNextSteps}
    />
  );
}
