/**
 * What guards need to know about the signed-in user beyond the session: the role and whether
 * onboarding is complete. Both live in the user profile (GET /api/user-profile/{sub}); the guards
 * read it through the query cache, so they share it with the screens and a save that updates
 * the cache is seen by the next navigation. Logout clears the cache (queryClient.clear()).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@sp/shared';
import { isApiError } from '@/lib/api-error';
import { loadQueryClient } from '@/lib/lazy-query-client';
import { userProfileQueryOptions } from '@/lib/profile/user-profile';
import type { AuthStore } from './auth-store';

export type ViewerProfile = {
  role: Role | null;
  onboardingCompleted: boolean;
};

export type ViewerSource = {
  /** The signed-in user's profile facts, or null when signed out or not known yet. */
  getProfile: () => Promise<ViewerProfile | null>;
};

export const unknownViewer: ViewerSource = {
  getProfile: () => Promise.resolve(null),
};

/**
 * The viewer from the profile query. A 401 means the provider no longer accepts the session
 * (revoked elsewhere, account deleted): the user is signed out instead of seeing an error page.
 * Other failures propagate to the router's error view with its retry.
 */
export function createProfileViewer({
  auth,
  queryClient,
}: {
  auth: AuthStore;
  queryClient: QueryClient;
}): ViewerSource {
  return {
    async getProfile() {
      const { user } = auth.getState();
      if (!user) return null;
      try {
        // The app's client is created on first use (src/lib/lazy-query-client.ts), on any page.
        await loadQueryClient();
        const profile = await queryClient.ensureQueryData(userProfileQueryOptions(user.sub));
        return { role: profile.role, onboardingCompleted: profile.onboardingCompleted };
      } catch (error) {
        if (isApiError(error) && error.status === 401) {
          await auth.signOut();
          queryClient.clear();
          return null;
        }
        throw error;
      }
    },
  };
}
