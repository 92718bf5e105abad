import { createRootRouteWithContext } from '@tanstack/react-router';
import { RootLayout } from '@/components/layout/root-layout';
import { redirectToOnboardingIfNeeded } from '@/lib/auth';
import type { RouterContext } from '@/lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, location }) => redirectToOnboardingIfNeeded({ context, location }),
  component: RootLayout,
});
