import { createFileRoute, redirect } from '@tanstack/react-router';
import { OnboardingPage } from '@/features/onboarding/components/onboarding-page';
import { homePathForRole } from '@/lib/profile/user-profile';

export const Route = createFileRoute('/_authenticated/on-boarding/')({
  // Onboarding happens once (the API answers 409 afterwards): a finished user goes to their start page.
  beforeLoad: async ({ context }) => {
    const profile = await context.viewer.getProfile();
    if (profile?.onboardingCompleted) throw redirect({ to: homePathForRole(profile.role) });
  },
  component: OnboardingPage,
});
