import { createRootRouteWithContext } from '@tanstack/react-router';
import { RootLayout } from '@/components/layout/root-layout';
import { redirectToOnboardingIfNeeded } from '@/lib/auth';
import { ensureTextsFor } from '@/lib/i18n';
import { loadQueryClientFor } from '@/lib/lazy-query-client';
import type { RouterContext } from '@/lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The first chunk holds only the login page's texts and no query client; other pages wait for them.
  beforeLoad: async ({ context, location }) => {
    await Promise.all([
      ensureTextsFor(location.pathname),
      loadQueryClientFor(location.pathname),
      redirectToOnboardingIfNeeded({ context, location }),
    ]);
  },
  component: RootLayout,
});
