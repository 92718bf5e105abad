/**
 * Build time only (plugin sp:prerender, vite-plugins/prerender-pages.ts): the markup of a signed-out page in the
 * default language, rendered with react-dom/server from the app's own tree, written into that
 * page's copy of index.html. The browser paints it before any script has run; src/main.tsx then
 * hydrates it when the visitor would see the same (docs/decisions/006-bundle-budget.md).
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { prerender as renderStatic } from 'react-dom/static';
import { DEFAULT_LANGUAGE, type RuntimeConfig } from '@sp/shared';
import { prepareApp } from '@/app/app';
import { createAuthStore } from '@/lib/auth';
import { initI18n } from '@/lib/i18n';

/** Not read while rendering a signed-out page; the browser uses the operator's /config.json. */
const BUILD_CONFIG: RuntimeConfig = {
  apiBase: '/api',
  identityEndpoint: '/identity',
  userPoolId: 'prerender_build',
  clientId: 'prerender',
  defaultLanguage: DEFAULT_LANGUAGE,
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

/** The HTML of #root for `url`, as a signed-out visitor in the default language sees it. */
export async function prerender(url: string): Promise<string> {
  await initI18n(DEFAULT_LANGUAGE, url);
  const auth = createAuthStore({ getSession: () => Promise.resolve(null), signOut: () => Promise.resolve() });
  await auth.initialize();
  const { router, element } = await prepareApp({
    config: BUILD_CONFIG,
    auth,
    history: createMemoryHistory({ initialEntries: [url] }),
    scrollRestoration: false,
  });
  if (router.state.location.href !== url || router.state.matches.some((match) => match.status !== 'success'))
    throw new Error(`prerender: ${url} did not render as a page (at ${router.state.location.href})`);
  // Unlike renderToString, waits for the lazily loaded parts (route components) instead of
  // writing their Suspense fallback.
  const { prelude } = await renderStatic(element);
  return new Response(prelude).text();
}
