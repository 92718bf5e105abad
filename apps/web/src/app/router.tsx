import { createRouter, parseSearchWith, stringifySearchWith, type RouterHistory } from '@tanstack/react-router';
import { ErrorView } from '@/components/feedback/error-view';
import { NotFoundView } from '@/components/feedback/not-found-view';
import { PendingView } from '@/components/feedback/pending-view';
import type { RouterContext } from '@/lib/router-context';
import { routeTree } from '@/routeTree.gen';

/** Shared with the test router (src/testing/render.tsx) so links render the same there. */
export const routerDefaults = {
  // The spec's paths mix forms (/login/, /about); links keep exactly the form they name.
  trailingSlash: 'preserve' as const,
  // Search values stay plain strings, as in the links our e-mails carry: the default JSON
  // decoding would turn a numeric token into a (rounded) number and re-encode it quoted.
  // Route validateSearch schemas turn them into booleans where needed.
  parseSearch: parseSearchWith((value) => value),
  stringifySearch: stringifySearchWith(JSON.stringify),
};

/**
 * `history` defaults to the browser's; tests and the prerendering pass a memory history. Rendered
 * on the server (src/prerender.tsx), scroll restoration would be an inline script, which the CSP
 * blocks; it renders nothing in the browser, so the markup is the same without it.
 */
export function createAppRouter(
  context: RouterContext,
  history?: RouterHistory,
  { scrollRestoration = true }: { scrollRestoration?: boolean } = {},
) {
  return createRouter({
    ...routerDefaults,
    routeTree,
    context,
    history,
    // Spec: preload on intent. Query owns data freshness, so the router never serves stale preloads.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // Show the pending view only for slow loads, and then long enough not to flash.
    defaultPendingMs: 400,
    defaultPendingMinMs: 300,
    defaultPendingComponent: PendingView,
    defaultErrorComponent: ErrorView,
    defaultNotFoundComponent: NotFoundView,
    scrollRestoration,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    router: AppRouter;
  }
}
