import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { unknownViewer, type AuthStore, type ViewerSource } from '@/lib/auth';
import { createTestAuth, testConfig } from '@/testing/render';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

const anna = { user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token' };

async function open(path: string, { auth, viewer = unknownViewer }: { auth?: AuthStore; viewer?: ViewerSource } = {}) {
  const store = auth ?? (await createTestAuth());
  const queryClient = new QueryClient();
  const router = createAppRouter({ auth: store, queryClient, viewer }, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  render(
    <AppProvider config={testConfig} auth={store} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

async function onboarded(): Promise<AuthStore> {
  const auth = await createTestAuth(anna);
  auth.markOnBoarded();
  return auth;
}

describe('app router', () => {
  it('renders the landing page at /', async () => {
    await open('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Veranstalter und Sponsoren an einem Ort' }),
    ).toBeInTheDocument();
  });

  it('sends signed-out visitors of protected routes to /login/ and remembers where they wanted to go', async () => {
    const router = await open('/profile/');
    expect(router.state.location.pathname).toBe('/login/');
    expect(router.state.location.search).toEqual({ redirect: '/profile/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });

  it('sends signed-out visitors of organiser routes to /login/ as well', async () => {
    const router = await open('/dashboard/organizer/team');
    expect(router.state.location.pathname).toBe('/login/');
  });

  it('sends a signed-in user who has not finished onboarding to /on-boarding/', async () => {
    const router = await open('/chats/', { auth: await createTestAuth(anna) });
    expect(router.state.location.pathname).toBe('/on-boarding/');
  });

  it('keeps the legal pages readable before onboarding', async () => {
    const router = await open('/impressum/', { auth: await createTestAuth(anna) });
    expect(router.state.location.pathname).toBe('/impressum/');
  });

  it('sends a signed-in user without a known organiser role to /unauthorized/', async () => {
    const router = await open('/create-event/', { auth: await onboarded() });
    expect(router.state.location.pathname).toBe('/unauthorized/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kein Zugriff' })).toBeInTheDocument();
  });

  it('lets organisers in once the viewer profile says so', async () => {
    const viewer: ViewerSource = { getProfile: () => Promise.resolve({ role: 'beides', onboardingCompleted: true }) };
    const router = await open('/edit-event/', { auth: await onboarded(), viewer });
    expect(router.state.location.pathname).toBe('/edit-event/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kein Event ausgewählt' })).toBeInTheDocument();
  });

  it('shows the not-found page for an event id that is not a number', async () => {
    const viewer: ViewerSource = {
      getProfile: () => Promise.resolve({ role: 'veranstalter', onboardingCompleted: true }),
    };
    await open('/edit-event/abc', { auth: await onboarded(), viewer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Event nicht gefunden' })).toBeInTheDocument();
  });

  it('shows the not-found page for unknown paths', async () => {
    await open('/gibt-es-nicht');
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeInTheDocument();
  });

  it('validates the verify search params', async () => {
    const router = await open('/verify/anna%40verein.de?invited=true&token=abc');
    expect(router.state.location.search).toEqual({ invited: true, token: 'abc' });
    expect(await screen.findByText('anna@verein.de')).toBeInTheDocument();
  });

  it('keeps search values as plain strings, even numeric tokens', async () => {
    const router = await open('/invite/?token=12345678901234567890&email=anna%40verein.de');
    expect(router.state.location.search).toEqual({ token: '12345678901234567890', email: 'anna@verein.de' });
    expect(router.state.location.href).toBe('/invite/?token=12345678901234567890&email=anna%40verein.de');
  });

  it('reports a missing invitation token or e-mail', async () => {
    await open('/invite/?token=abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Token und E-Mail-Adresse sind erforderlich' }),
    ).toBeInTheDocument();
  });

  it('shows a not-configured note for every missing legal detail', async () => {
    await open('/impressum/');
    expect(await screen.findAllByText('Vom Betreiber nicht konfiguriert')).toHaveLength(7);
  });
});
