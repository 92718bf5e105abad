// Which dashboard is a user's (issue 21, point 1): an organiser's is the organiser dashboard, a
// sponsor's (and anyone's without a role) the sponsor dashboard (spec section 6); a user with role
// beides has both and sees the one they used last, the organiser's until they first switch.
import type { DashboardView, Role } from '@sp/shared';

export const DASHBOARD_PATHS = {
  organiser: '/dashboard/organizer/',
  sponsor: '/dashboard-sponsor',
} as const satisfies Record<DashboardView, string>;

export function dashboardViewFor(role: Role | null | undefined, lastView?: DashboardView | null): DashboardView {
  if (role === 'veranstalter') return 'organiser';
  if (role === 'beides') return lastView ?? 'organiser';
  return 'sponsor';
}

/** The dashboard a path belongs to, or null for any other page. */
export function dashboardViewOfPath(pathname: string): DashboardView | null {
  if (pathname === DASHBOARD_PATHS.organiser || pathname === '/dashboard/organizer') return 'organiser';
  if (pathname === DASHBOARD_PATHS.sponsor || pathname === `${DASHBOARD_PATHS.sponsor}/`) return 'sponsor';
  return null;
}
