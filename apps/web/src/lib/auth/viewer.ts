/**
 * What guards need to know about the signed-in user beyond the session: the role and whether
 * onboarding is complete. Both live in the user profile (GET /api/user-profile/{sub}), which the
 * profile feature will load; until then the viewer is unknown.
 *
 * To plug the profile in, build the router (src/app/router.tsx) with
 *   viewer: { getProfile: async () => {
 *     const { user } = auth.getState();
 *     if (!user) return null;
 *     const profile = await queryClient.ensureQueryData(userProfileQueryOptions(user.sub));
 *     return { role: profile.role, onboardingCompleted: profile.onboardingCompleted };
 *   } }
 * and clear it on logout (queryClient.clear() already does).
 */
import type { Role } from '@sp/shared';

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
