// The app's tree, shared by the browser start (src/main.tsx) and the build-time prerendering of
// the signed-out pages (src/prerender.tsx), so that both render the same markup.
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { StrictMode, type ReactElement } from 'react';
import type { RuntimeConfig } from '@sp/shared';
import { AppProvider } from '@/app/provider';
import { createAppRouter, type AppRouter } from '@/app/router';
import type { AuthStore } from '@/lib/auth';
import { createProfileViewer } from '@/lib/auth/viewer';
import { createLazyQueryClient } from '@/lib/lazy-query-client';

/**
 * The router with the page at the current location loaded (guards, loaders, route chunks), and
 * the tree to render. Rendered before router.load(), the start would show the router's pending
 * view once it took longer than defaultPendingMs, and keep it for defaultPendingMinMs.
 */
export async function prepareApp({
  config,
  auth,
  history,
  scrollRestoration,
  queryClient = createLazyQueryClient(),
}: {
  config: RuntimeConfig;
  auth: AuthStore;
  history?: RouterHistory;
  scrollRestoration?: boolean;
  /** Created on first use by default: the login page reads no query before someone signs in. */
  queryClient?: QueryClient;
}): Promise<{ router: AppRouter; element: ReactElement }> {
  const router = createAppRouter({ auth, queryClient, viewer: createProfileViewer({ auth, queryClient }) }, history, {
    scrollRestoration,
  });
  // Guards read the auth store; re-run them whenever the user signs in or out.
  auth.subscribe(() => void router.invalidate());
  await router.load();
  const element = (
    <StrictMode>
      <AppProvider config={config} auth={auth} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  return { router, element };
}
