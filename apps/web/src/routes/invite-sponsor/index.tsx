import { createFileRoute } from '@tanstack/react-router';
import { MissingInvitationParams } from '@/components/feedback/missing-invitation-params';
import { PasswordInput } from '@/components/password/password-input';
import { NewPasswordHint } from '@/components/password/new-password-hint';
import { useIdentity } from '@/features/auth/hooks/use-identity';
import { InviteSponsorPage, type SponsorNextStepsSlot } from '@/features/invitations/components/invite-sponsor-page';
import { RenewalOfferCard } from '@/features/renewals/components/renewal-offer-card';
import { SponsorProfileSection } from '@/features/sponsor-profile/components/sponsor-profile-section';
import { useTellSponsorLanguage } from '@/features/sponsorships/hooks/use-tell-sponsor-language';
import { useLanguage } from '@/hooks/use-language';
import { GuestLiveStream } from '@/lib/live/guest-live-stream';
import { searchSchema, searchString } from '@/lib/search-params';
import { SponsorFlowOf } from '../-sponsor-flow';

export const Route = createFileRoute('/invite-sponsor/')({
  validateSearch: searchSchema({ token: searchString, email: searchString }),
  component: InviteSponsorRoute,
});

/** The steps work with the invitation link alone (guest access), before any account exists. */
const GuestNextSteps: SponsorNextStepsSlot = ({ sponsorshipId, token, email }) => {
  useTellSponsorLanguage({ kind: 'guest', token, email }, sponsorshipId);
  return (
    <div className="flex flex-col gap-6">
      <GuestLiveStream token={token} email={email} />
      <RenewalOfferCard sponsorshipId={sponsorshipId} viewer={{ kind: 'guest', token, email }} />
      <SponsorFlowOf sponsorshipId={sponsorshipId} viewer={{ kind: 'guest', token, email }} />
      <SponsorProfileSection viewer={{ kind: 'guest', token, email }} />
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
