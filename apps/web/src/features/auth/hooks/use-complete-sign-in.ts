import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useAuthStore, type AuthUser } from '@/lib/auth';
import { loadQueryClient } from '@/lib/lazy-query-client';
import { getSignInProfile, type SignInProfile } from '../api/get-sign-in-profile';
import { postSignInTarget } from '../utils/post-sign-in-target';

/**
 * After the identity provider accepted the credentials: read the profile, tell the auth store,
 * and go where the user belongs. The profile is read first, while the store still says signed
 * out, so that the guards re-run once with the final state. Without a readable profile the user
 * counts as not onboarded, which is what the root layout would decide too. A user with both roles
 * goes to the dashboard they used last (their settings). The query client is
 * loaded meanwhile: the header's signed-in parts read queries as soon as the store says signed in.
 */
export function useCompleteSignIn(): (user: AuthUser, redirect?: string) => Promise<void> {
  const auth = useAuthStore();
  const navigate = useNavigate();

  return useCallback(
    async (user, redirect) => {
      const [profile] = await Promise.all([
        getSignInProfile(user.sub).catch((): SignInProfile | null => null),
        loadQueryClient(),
      ]);
      // Only a user with both roles has a choice of dashboard; its settings schema loads only for them.
      const lastView =
        profile?.onboardingCompleted && profile.role === 'beides'
          ? await import('@/lib/settings/settings').then(({ getDashboardView }) => getDashboardView()).catch(() => null)
          : null;
      auth.setSignedIn(user);
      if (profile?.onboardingCompleted) auth.markOnBoarded();
      await navigate({ href: postSignInTarget(profile, redirect, lastView), replace: true });
    },
    [auth, navigate],
  );
}
