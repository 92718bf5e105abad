import './index.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { DEFAULT_LANGUAGE } from '@sp/shared';
import { BootError } from '@/app/boot-error';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { configureApiClient } from '@/lib/api-client';
import { createAuthStore } from '@/lib/auth';
import { createLazyCognitoSessionSource } from '@/lib/auth/lazy-session-source';
import { createProfileViewer } from '@/lib/auth/viewer';
import { initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

async function start(root: Root): Promise<void> {
  const config = await loadRuntimeConfig();
  // Spec section 4: status is Loading (nothing rendered) until the stored session is looked up.
  const auth = createAuthStore(createLazyCognitoSessionSource(config));
  await Promise.all([initI18n(config.defaultLanguage, window.location.pathname), auth.initialize()]);

  configureApiClient({ baseUrl: config.apiBase, getAccessToken: auth.getAccessToken });
  const queryClient = createQueryClient();
  const router = createAppRouter({ auth, queryClient, viewer: createProfileViewer({ auth, queryClient }) });
  // Guards read the auth store; re-run them whenever the user signs in or out.
  auth.subscribe(() => void router.invalidate());
  // The first render shows the page itself: its guards, loaders and chunks have run. Rendered
  // before that, the router would show its pending view once the start took longer than
  // defaultPendingMs, and keep it for defaultPendingMinMs after the page was ready.
  await router.load();

  root.render(
    <StrictMode>
      <AppProvider config={config} auth={auth} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

start(root).catch(async (error: unknown) => {
  console.error('The app could not start:', error);
  await initI18n(DEFAULT_LANGUAGE).catch(() => undefined);
  root.render(
    <StrictMode>
      <BootError />
    </StrictMode>,
  );
});
