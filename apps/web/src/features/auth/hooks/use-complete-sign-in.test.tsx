import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { useCompleteSignIn } from './use-complete-sign-in';

const loading = vi.hoisted(() => ({ resolve: () => {}, calls: 0 }));

vi.mock('@/lib/lazy-query-client', () => ({
  loadQueryClient: () => {
    loading.calls++;
    return new Promise<void>((resolve) => {
      loading.resolve = resolve;
    });
  },
}));

vi.mock('../api/get-sign-in-profile', () => ({
  getSignInProfile: () => Promise.resolve({ role: 'beides', onboardingCompleted: true }),
}));

function SignIn() {
  const completeSignIn = useCompleteSignIn();
  return (
    <button type="button" onClick={() => void completeSignIn({ sub: 'sub-1', email: 'anna@verein.de' })}>
      go
    </button>
  );
}

beforeEach(() => {
  loading.calls = 0;
});

describe('useCompleteSignIn', () => {
  it('says signed in only once the query client is loaded (the header then reads queries)', async () => {
    const { auth, history } = await renderWithApp(<SignIn />, { path: '/login/' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(loading.calls).toBe(1));
    // The profile has arrived by now; the store still waits for the client.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(auth.getState().status).toBe('signedOut');
    loading.resolve();
    await waitFor(() => expect(auth.getState().status).toBe('isOnBoarded'));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard/organizer/'));
  });

  it('sends a user with both roles to the dashboard they used last (their settings)', async () => {
    const paths: string[] = [];
    configureApiClient({
      baseUrl: '/api',
      getAccessToken: () => Promise.resolve('token'),
      fetch: (input) => {
        paths.push(String(input));
        return Promise.resolve(
          new Response(
            JSON.stringify({
              language: 'de',
              chat_email_notices: true,
              fulfilment_digest: true,
              dashboard_view: 'sponsor',
            }),
            {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            },
          ),
        );
      },
    });
    const { history } = await renderWithApp(<SignIn />, { path: '/login/' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(loading.calls).toBe(1));
    loading.resolve();
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard-sponsor'));
    expect(paths).toEqual(['/api/settings']);
  });
});
