import { isOrganiserRole, safeRedirectPath } from '@/lib/auth';
import type { SignInProfile } from '../api/get-sign-in-profile';

/**
 * Where a user goes after signing in (spec "Login" and section 6): onboarding until it is complete
 * (the root layout would send them there anyway); then the place they wanted, if it is one of ours;
 * else the organiser dashboard for veranstalter (and beides), the sponsor dashboard for everyone else.
 */
export function postSignInTarget(profile: SignInProfile | null, redirect?: unknown): string {
  if (!profile?.onboardingCompleted) return '/on-boarding/';
  const wanted = safeRedirectPath(redirect);
  if (wanted && !wanted.startsWith('/login')) return wanted;
  return isOrganiserRole(profile.role) ? '/dashboard/organizer/' : '/dashboard-sponsor';
}
