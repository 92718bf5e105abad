import type { Role } from '@sp/shared';
import { getUserProfile } from '@/lib/profile/user-profile';

export type SignInProfile = { role: Role | null; onboardingCompleted: boolean };

/**
 * GET /user-profile/{sub} right after sign-in, only to decide where the user goes (spec "Login").
 * The profile feature owns the cached profile query; this one-off read does not touch its cache.
 */
export async function getSignInProfile(sub: string): Promise<SignInProfile> {
  const { role, onboardingCompleted } = await getUserProfile(sub);
  return { role, onboardingCompleted };
}
