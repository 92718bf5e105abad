import './index.css';
import { StrictMode, startTransition, type ReactElement } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { DEFAULT_LANGUAGE } from '@sp/shared';
import { prepareApp } from '@/app/app';
import { BootError } from '@/app/boot-error';
import type { AppRouter } from '@/app/router';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { configureApiClient } from '@/lib/api-client';
import { createAuthStore, type AuthStore } from '@/lib/auth';
import { createLazyCognitoSessionSource } from '@/lib/auth/lazy-session-source';
import { i18n, initI18n } from '@/lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
let root: Root | null = null;

/**
 * A page's copy of index.html may hold its markup, rendered at build time for a signed-out visitor
 * in the default language (src/prerender.tsx; `data-prerendered` names the URL). The app takes it
 * over (hydrates) when it renders exactly that; otherwise its first render replaces it.
 */
function matchesPrerendered(router: AppRouter, auth: AuthStore): boolean {
  return (
    container!.dataset.prerendered === router.state.location.href &&
    auth.getState().status === 'signedOut' &&
    i18n.language === DEFAULT_LANGUAGE
  );
}

/**
 * The first render runs as a transition, so that React renders it in slices of a few milliseconds
 * and yields between them instead of holding the main thread for the whole tree (decision 054): on a
 * slow phone a tap during start is answered sooner, and Lighthouse's Total Blocking Time falls.
 */
function render(element: ReactElement, hydrate: boolean): void {
  startTransition(() => {
    if (hydrate)
      root = hydrateRoot(container!, element, {
        // React then renders the page anew; still logged, so that the e2e tests' console checks see it.
        onRecoverableError: (error) => console.error('The prerendered page did not match:', error),
      });
    else (root ??= createRoot(container!)).render(element);
  });
}

async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  // Spec section 4: status is Loading (nothing rendered) until the stored session is looked up.
  const auth = createAuthStore(createLazyCognitoSessionSource(config));
  await Promise.all([initI18n(config.defaultLanguage, window.location.pathname), auth.initialize()]);
  configureApiClient({ baseUrl: config.apiBase, getAccessToken: auth.getAccessToken });
  const { router, element } = await prepareApp({ config, auth });
  const hydrate = matchesPrerendered(router, auth);
  // As the router's own client hydration does (router-core load-client.js): rendered on the server,
  // the root route is not wrapped in Suspense; with this set the browser renders the same tree.
  if (hydrate) router.ssr = { manifest: undefined };
  render(element, hydrate);
}

start().catch(async (error: unknown) => {
  console.error('The app could not start:', error);
  await initI18n(DEFAULT_LANGUAGE).catch(() => undefined);
  root?.unmount();
  root = null;
  render(
    <StrictMode>
      <BootError />
    </StrictMode>,
    false,
  );
});
