import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { userProfileQueryOptions } from '@/lib/profile/user-profile';
import { createTestAuth } from '@/testing/render';
import { createProfileViewer } from './viewer';

const anna = { user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' };

function answer(status: number, body: unknown) {
  const fetch = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
  configureApiClient({ baseUrl: '/api', getAccessToken: () => Promise.resolve('token-1'), fetch });
  return fetch;
}

const wire = {
  cognito_id: 'u-1',
  role: 'beides',
  organisation_id: 1,
  organisation_name: 'Verein',
  profile_picture: null,
  onboarding_completed: true,
  organisation_role: 'owner',
  email: 'anna@verein.de',
  adresse_id: 1,
  street: 'A',
  house_number: '1',
  postal_code: '1',
  city: 'B',
  country: 'DE',
  phone_number: null,
  updated_at: '2025-01-01T00:00:00.000Z',
};

describe('createProfileViewer', () => {
  it('reads role and onboarding state from the cached profile query, fetching it once', async () => {
    const fetch = answer(200, { user: wire });
    const queryClient = new QueryClient();
    const viewer = createProfileViewer({ auth: await createTestAuth(anna), queryClient });
    await expect(viewer.getProfile()).resolves.toEqual({ role: 'beides', onboardingCompleted: true });
    await viewer.getProfile();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(userProfileQueryOptions('u-1').queryKey)).toMatchObject({
      cognitoId: 'u-1',
      organisationName: 'Verein',
      onboardingCompleted: true,
    });
  });

  it('knows nothing about signed-out visitors', async () => {
    const fetch = answer(200, { user: wire });
    const viewer = createProfileViewer({ auth: await createTestAuth(), queryClient: new QueryClient() });
    await expect(viewer.getProfile()).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('signs out when the API no longer accepts the session', async () => {
    answer(401, { detail: 'Token revoked', code: 'auth.unauthenticated' });
    const auth = await createTestAuth(anna);
    const viewer = createProfileViewer({ auth, queryClient: new QueryClient() });
    await expect(viewer.getProfile()).resolves.toBeNull();
    expect(auth.getState().status).toBe('signedOut');
  });

  it('lets other failures reach the error view', async () => {
    answer(500, { detail: 'boom', code: 'server.internal' });
    const viewer = createProfileViewer({
      auth: await createTestAuth(anna),
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    });
    await expect(viewer.getProfile()).rejects.toMatchObject({ status: 500 });
  });
});
