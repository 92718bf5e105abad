import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLazyCognitoSessionSource } from './lazy-session-source';

const librarySession = vi.fn();
vi.mock('./cognito-session', () => ({
  createUserPool: () => ({}),
  createCognitoSessionSource: () => ({ getSession: librarySession, signOut: () => Promise.resolve() }),
}));

const config = { userPoolId: 'local_sponsoring', clientId: 'client-1', identityEndpoint: '/identity' };
const prefix = `CognitoIdentityServiceProvider.${config.clientId}`;

function jwt(claims: Record<string, unknown>): string {
  return `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`;
}

function store(exp: number) {
  localStorage.setItem(`${prefix}.LastAuthUser`, 'u-1');
  localStorage.setItem(`${prefix}.u-1.idToken`, jwt({ sub: 'u-1', email: 'anna@verein.de', exp }));
  localStorage.setItem(`${prefix}.u-1.accessToken`, jwt({ sub: 'u-1', exp }));
}

afterEach(() => {
  localStorage.clear();
  librarySession.mockReset();
});

describe('createLazyCognitoSessionSource', () => {
  it('does not load the library for a signed-out visitor', async () => {
    await expect(createLazyCognitoSessionSource(config).getSession()).resolves.toBeNull();
    expect(librarySession).not.toHaveBeenCalled();
  });

  it('answers from valid stored tokens without the library', async () => {
    store(Math.floor(Date.now() / 1000) + 600);
    const session = await createLazyCognitoSessionSource(config).getSession();
    expect(session?.user).toEqual({ sub: 'u-1', email: 'anna@verein.de' });
    expect(librarySession).not.toHaveBeenCalled();
  });

  it('leaves expired tokens to the library, which refreshes them', async () => {
    store(Math.floor(Date.now() / 1000) - 1);
    const refreshed = { user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'access-2' };
    librarySession.mockResolvedValue(refreshed);
    await expect(createLazyCognitoSessionSource(config).getSession()).resolves.toBe(refreshed);
    expect(librarySession).toHaveBeenCalledTimes(1);
  });
});
