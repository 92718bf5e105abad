/**
 * Build time only (plugin sp:prerender, vite-plugins/prerender-pages.ts): the markup of a page in
 * the default language, rendered with react-dom/server from the app's own tree, written into that
 * page's copy of index.html. The browser paints it before any script has run.
 * - A signed-out page (/login/) is what a signed-out visitor sees; src/main.tsx hydrates it when
 *   the visitor would see the same (docs/decisions/006-bundle-budget.md).
 * - A signed-in page's frame (the organiser dashboard) is that page as an organiser sees it while
 *   its data is still on the way: no name, no figure, every card pending. It holds nothing of any
 *   user; index.html's inline script shows it only to a stored session it fits, and the app's
 *   first render replaces it (docs/decisions/012-largest-contentful-paint.md).
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { prerender as renderStatic } from 'react-dom/static';
import { DEFAULT_LANGUAGE, type RuntimeConfig } from '@sp/shared';
import { prepareApp } from '@/app/app';
import { configureApiClient } from '@/lib/api-client';
import { createAuthStore, type AuthSession } from '@/lib/auth';
import { initI18n } from '@/lib/i18n';
import { createLazyQueryClient, loadQueryClient } from '@/lib/lazy-query-client';
import { userProfileQueryOptions, type UserProfile } from '@/lib/profile/user-profile';

/** Not read while rendering; the browser uses the operator's /config.json. */
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

/** The organiser a frame is rendered for: nobody, with an organisation and onboarding done. */
const FRAME_SESSION: AuthSession = { user: { sub: 'prerendered-frame', email: '' }, accessToken: 'none' };
const FRAME_PROFILE: UserProfile = {
  cognitoId: FRAME_SESSION.user.sub,
  role: 'veranstalter',
  organisationId: 1,
  organisationName: null,
  profilePicture: null,
  onboardingCompleted: true,
  organisationRole: 'member',
  email: '',
  adresseId: null,
  street: null,
  houseNumber: null,
  postalCode: null,
  city: null,
  country: null,
  phoneNumber: null,
  updatedAt: null,
};

export type PrerenderKind = 'signed-out' | 'signed-in frame';

/** The app ready to render `url` as a signed-out visitor, or as the frame's organiser. */
async function prepare(url: string, kind: PrerenderKind) {
  const history = createMemoryHistory({ initialEntries: [url] });
  if (kind === 'signed-out') {
    const auth = createAuthStore({ getSession: () => Promise.resolve(null), signOut: () => Promise.resolve() });
    await auth.initialize();
    return prepareApp({ config: BUILD_CONFIG, auth, history, scrollRestoration: false });
  }
  const auth = createAuthStore({ getSession: () => Promise.resolve(FRAME_SESSION), signOut: () => Promise.resolve() });
  await auth.initialize();
  // Every request stays unanswered, so every card renders its pending state.
  configureApiClient({ baseUrl: '/api', getAccessToken: auth.getAccessToken, fetch: () => new Promise(() => {}) });
  await loadQueryClient();
  const queryClient = createLazyQueryClient();
  queryClient.setQueryData(userProfileQueryOptions(FRAME_PROFILE.cognitoId).queryKey, FRAME_PROFILE);
  return prepareApp({ config: BUILD_CONFIG, auth, history, scrollRestoration: false, queryClient });
}

/** The HTML of #root for `url` in the default language. */
export async function prerender(url: string, kind: PrerenderKind = 'signed-out'): Promise<string> {
  await initI18n(DEFAULT_LANGUAGE, url);
  const { router, element } = await prepare(url, kind);
  if (router.state.location.href !== url || router.state.matches.some((match) => match.status !== 'success'))
    throw new Error(`prerender: ${url} did not render as a page (at ${router.state.location.href})`);
  // Unlike renderToString, waits for the lazily loaded parts (route components) instead of
  // writing their Suspense fallback. A boundary larger than progressiveChunkSize (12.8 kB by
  // default; the dashboard's page is larger) would be written after the rest with an inline script
  // revealing it, which the CSP blocks: one chunk, in place.
  const { prelude } = await renderStatic(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}
