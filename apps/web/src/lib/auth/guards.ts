/**
 * Route access decisions as pure functions, so they can be tested without a router.
 * They are for the user's convenience only; the API checks every request itself.
 */
import type { Role } from '@sp/shared';
import { isSignedIn, type AuthStatus } from './auth-store';

export type RouteAccess = 'signedIn' | 'organiser';

export type AccessDecision = { type: 'allow' } | { type: 'login'; redirect: string } | { type: 'unauthorized' };

/** Spec section 6 names veranstalter; people holding both roles (beides) organise too. */
export const ORGANISER_ROLES: readonly Role[] = ['veranstalter', 'beides'];

export function isOrganiserRole(role: Role | null | undefined): boolean {
  return role != null && ORGANISER_ROLES.includes(role);
}

export function decideRouteAccess(input: {
  access: RouteAccess;
  status: AuthStatus;
  /** The role from the profile; null when not known. */
  role: Role | null;
  /** Where the visitor wanted to go (path + search), to come back after login. */
  href: string;
}): AccessDecision {
  if (!isSignedIn(input.status)) return { type: 'login', redirect: input.href };
  if (input.access === 'organiser' && !isOrganiserRole(input.role)) return { type: 'unauthorized' };
  return { type: 'allow' };
}

/** Pages a signed-in user can always read, even before onboarding (legal notice duties). */
const ALWAYS_READABLE = ['/impressum', '/privacy-notice', '/agb'];

/**
 * Spec "Root layout": a signed-in user whose onboarding is not complete is sent to onboarding
 * unless the path contains "on-boarding". `onboardingCompleted` comes from the profile; while
 * no profile is known it follows the auth status (signedIn = not yet onboarded).
 */
export function shouldRedirectToOnboarding(input: {
  status: AuthStatus;
  onboardingCompleted: boolean | undefined;
  pathname: string;
}): boolean {
  if (!isSignedIn(input.status)) return false;
  if (input.pathname.includes('on-boarding')) return false;
  if (ALWAYS_READABLE.some((path) => input.pathname === path || input.pathname.startsWith(`${path}/`))) return false;
  if (input.onboardingCompleted !== undefined) return !input.onboardingCompleted;
  return input.status === 'signedIn';
}

/** Accepts only same-origin paths for the post-login redirect (no "//host" or "https:"). */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}
