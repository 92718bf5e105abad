import type { DashboardView } from '@sp/shared';
import { DASHBOARD_PATHS, dashboardViewFor, safeRedirectPath } from '@/lib/auth';
import type { SignInProfile } from '../api/get-sign-in-profile';

/**
 * Where a user goes after signing in (spec "Login" and section 6): onboarding until it is complete
 * (the root layout would send them there anyway); then the place they wanted, if it is one of ours;
 * else their dashboard: the organiser dashboard for veranstalter, the sponsor dashboard for sponsors
 * and everyone else, and for beides the one they used last (issue 21), the organiser's at first.
 */
export function postSignInTarget(
  profile: SignInProfile | null,
  redirect?: unknown,
  lastView?: DashboardView | null,
): string {
  if (!profile?.onboardingCompleted) return '/on-boarding/';
  const wanted = safeRedirectPath(redirect);
  if (wanted && !wanted.startsWith('/login')) return wanted;
  return DASHBOARD_PATHS[dashboardViewFor(profile.role, lastView)];
}
