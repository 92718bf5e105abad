import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { OnboardingPage } from '@/features/onboarding/components/onboarding-page';
import { mySponsorshipsQueryOptions } from '@/features/sponsorships/api/list-my-sponsorships';
import { homePathForRole } from '@/lib/profile/user-profile';

export const Route = createFileRoute('/_authenticated/on-boarding/')({
  // Onboarding happens once (the API answers 409 afterwards): a finished user goes to their start page.
  beforeLoad: async ({ context }) => {
    const profile = await context.viewer.getProfile();
    if (profile?.onboardingCompleted) throw redirect({ to: homePathForRole(profile.role) });
  },
  // A sponsor who came from an invitation already has a sponsorship: onboarding shows it and asks less.
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(mySponsorshipsQueryOptions()).catch(() => undefined);
  },
  component: OnboardingRoute,
});

function OnboardingRoute() {
  const { data: sponsorships = [] } = useQuery(mySponsorshipsQueryOptions());
  return (
    <OnboardingPage
      invitedSponsorships={sponsorships.map((s) => ({
        id: s.id,
        eventTitle: s.eventTitle,
        organisationName: s.organisationName,
      }))}
    />
  );
}
