// The event workspace's routes (issue 58): links of the one-page event land in the area that holds
// what they pointed at, and each area is its own URL.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ViewerSource } from '@/lib/auth';
import { configureApiClient } from '@/lib/api-client';
import { createTestAuth, testConfig } from '@/testing/render';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

const anna = { user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token' };
const viewer: ViewerSource = { getProfile: () => Promise.resolve({ role: 'veranstalter', onboardingCompleted: true }) };

beforeEach(() => {
  // No such event: every area answers "not found" after the redirect has been decided.
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: () =>
      Promise.resolve(
        new Response(
          JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, code: 'event.not-found' }),
          {
            status: 404,
            headers: { 'Content-Type': 'application/problem+json' },
          },
        ),
      ),
  });
});

async function open(path: string) {
  const auth = await createTestAuth(anna);
  auth.markOnBoarded();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter({ auth, queryClient, viewer }, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  render(
    <AppProvider config={testConfig} auth={auth} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('event workspace routes', () => {
  it('sends the sponsor filter of the one-page event to the sponsors area, filter kept', async () => {
    const router = await open('/edit-event/7?sponsorship_status=signed&sponsorship_search=brauerei');
    expect(router.state.location.pathname).toBe('/edit-event/7/sponsors');
    expect(router.state.location.search).toEqual({ sponsorship_status: 'signed', sponsorship_search: 'brauerei' });
  });

  it('sends #fulfilment and the fulfilment filters to the fulfilment area', async () => {
    expect((await open('/edit-event/7#fulfilment')).state.location.pathname).toBe('/edit-event/7/fulfilment');
    const filtered = await open('/edit-event/7?status=open&sponsor=brauerei');
    expect(filtered.state.location.pathname).toBe('/edit-event/7/fulfilment');
    expect(filtered.state.location.search).toEqual({ status: 'open', sponsor: 'brauerei' });
  });

  it('reads the sponsors table state from the URL: sort, direction and the open panel', async () => {
    const router = await open('/edit-event/7/sponsors?sort=amount&dir=desc&sponsorship=12&sponsorship_status=signed');
    expect(router.state.matches.at(-1)?.search).toEqual({
      sort: 'amount',
      dir: 'desc',
      sponsorship: 12,
      sponsorship_status: 'signed',
    });
  });

  it('shows "not found" for an event that is not there, in every area', async () => {
    await open('/edit-event/7/invoices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event nicht gefunden' })).toBeInTheDocument();
  });
});
