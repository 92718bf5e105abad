// beforeLoad helpers that turn the pure access decisions into router redirects.
import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '@/lib/router-context';
import { isSignedIn } from './auth-store';
import { decideRouteAccess, shouldRedirectToOnboarding, type RouteAccess } from './guards';

type GuardArgs = {
  context: RouterContext;
  location: { href: string; pathname: string };
};

async function requireAccess(access: RouteAccess, { context, location }: GuardArgs): Promise<void> {
  const { status } = context.auth.getState();
  const profile = access === 'organiser' ? await context.viewer.getProfile() : null;
  const decision = decideRouteAccess({ access, status, role: profile?.role ?? null, href: location.href });
  if (decision.type === 'login') {
    throw redirect({ to: '/login/', search: { redirect: decision.redirect } });
  }
  if (decision.type === 'unauthorized') {
    throw redirect({ to: '/unauthorized/' });
  }
}

export function requireSignedIn(args: GuardArgs): Promise<void> {
  return requireAccess('signedIn', args);
}

export function requireOrganiser(args: GuardArgs): Promise<void> {
  return requireAccess('organiser', args);
}

export async function redirectToOnboardingIfNeeded({ context, location }: GuardArgs): Promise<void> {
  const { status } = context.auth.getState();
  if (!isSignedIn(status)) return;
  const profile = await context.viewer.getProfile();
  if (
    shouldRedirectToOnboarding({
      status,
      onboardingCompleted: profile?.onboardingCompleted,
      pathname: location.pathname,
    })
  ) {
    throw redirect({ to: '/on-boarding/' });
  }
}
