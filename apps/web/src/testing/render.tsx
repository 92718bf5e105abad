// Renders a component inside the app's providers and a memory router, for component tests.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRouteWithContext, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { RuntimeConfig } from '@sp/shared';
import { AppProvider } from '@/app/provider';
import { routerDefaults } from '@/app/router';
import { createAuthStore, unknownViewer, type AuthSession, type AuthStore } from '@/lib/auth';
import type { RouterContext } from '@/lib/router-context';

export const testConfig: RuntimeConfig = {
  apiBase: '/api',
  identityEndpoint: '/identity',
  userPoolId: 'local_testpool',
  clientId: 'test-client',
  defaultLanguage: 'de',
  legal: {
    operatorName: null,
    address: null,
    register: null,
    directors: null,
    contactEmail: null,
    contactPhone: null,
    vatId: null,
  },
};

/** An auth store over an in-memory session, already initialised. */
export async function createTestAuth(session: AuthSession | null = null): Promise<AuthStore> {
  let current = session;
  const store = createAuthStore({
    getSession: () => Promise.resolve(current),
    signOut: () => {
      current = null;
      return Promise.resolve();
    },
  });
  await store.initialize();
  return store;
}

export async function renderWithApp(
  ui: ReactNode,
  { auth, path = '/', config = testConfig }: { auth?: AuthStore; path?: string; config?: RuntimeConfig } = {},
): Promise<
  RenderResult & { auth: AuthStore; queryClient: QueryClient; history: ReturnType<typeof createMemoryHistory> }
> {
  const store = auth ?? (await createTestAuth());
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const history = createMemoryHistory({ initialEntries: [path] });
  const rootRoute = createRootRouteWithContext<RouterContext>()({ component: () => ui });
  const router = createRouter({
    ...routerDefaults,
    routeTree: rootRoute,
    history,
    context: { auth: store, queryClient, viewer: unknownViewer },
  });
  await router.load();
  const result = render(
    <AppProvider config={config} auth={store} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, auth: store, queryClient, history };
}
