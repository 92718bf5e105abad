import { ZGetUserProfileResponse, type Role } from '@sp/shared';
import { api } from '@/lib/api-client';

export type SignInProfile = { role: Role | null; onboardingCompleted: boolean };

/**
 * GET /user-profile/{sub} right after sign-in, only to decide where the user goes (spec "Login").
 * The profile feature owns the cached profile query; this one-off read does not touch its cache.
 */
export async function getSignInProfile(sub: string): Promise<SignInProfile> {
  const { user } = await api.get(`/user-profile/${encodeURIComponent(sub)}`, { schema: ZGetUserProfileResponse });
  return { role: user.role, onboardingCompleted: user.onboarding_completed };
}
