import { afterEach, describe, expect, it } from 'vitest';
import { createCognitoSessionSource, createUserPool } from './cognito-session';
import { readStoredSession } from './stored-session';

const config = { userPoolId: 'local_sponsoring', clientId: 'client-1', identityEndpoint: '/identity' };
const NOW_MS = Date.UTC(2026, 10, 24, 12, 0, 0);
const NOW = NOW_MS / 1000;

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${part({ alg: 'RS256', kid: 'k' })}.${part(claims)}.signature`;
}

function store({
  accessExp = NOW + 600,
  idExp = NOW + 600,
  clockDrift = '0',
  email = 'jürgen@verein.de',
}: { accessExp?: number; idExp?: number; clockDrift?: string | null; email?: string } = {}) {
  const prefix = `CognitoIdentityServiceProvider.${config.clientId}`;
  const user = 'u-1';
  localStorage.setItem(`${prefix}.LastAuthUser`, user);
  localStorage.setItem(`${prefix}.${user}.idToken`, jwt({ sub: 'u-1', email, exp: idExp, token_use: 'id' }));
  localStorage.setItem(`${prefix}.${user}.accessToken`, jwt({ sub: 'u-1', exp: accessExp, token_use: 'access' }));
  localStorage.setItem(`${prefix}.${user}.refreshToken`, 'refresh-1');
  if (clockDrift !== null) localStorage.setItem(`${prefix}.${user}.clockDrift`, clockDrift);
  return localStorage.getItem(`${prefix}.${user}.accessToken`);
}

afterEach(() => localStorage.clear());

describe('readStoredSession', () => {
  it('returns the stored user and access token while both tokens are valid', () => {
    const accessToken = store();
    expect(readStoredSession(config.clientId, localStorage, NOW_MS)).toEqual({
      user: { sub: 'u-1', email: 'jürgen@verein.de' },
      accessToken,
    });
  });

  it('gives the same session as amazon-cognito-identity-js for valid stored tokens', async () => {
    store({ accessExp: Math.floor(Date.now() / 1000) + 600, idExp: Math.floor(Date.now() / 1000) + 600 });
    const fromLibrary = await createCognitoSessionSource(createUserPool(config)).getSession();
    expect(fromLibrary).not.toBeNull();
    expect(readStoredSession(config.clientId, localStorage)).toEqual(fromLibrary);
  });

  it('returns null once either token has expired, so that the library refreshes them', () => {
    store({ accessExp: NOW });
    expect(readStoredSession(config.clientId, localStorage, NOW_MS)).toBeNull();
    store({ idExp: NOW - 1 });
    expect(readStoredSession(config.clientId, localStorage, NOW_MS)).toBeNull();
  });

  it('applies the stored clock drift as the library does', () => {
    // The device clock is 100 s ahead of the provider's: a token with 50 s left on the device is valid.
    store({ accessExp: NOW - 50, idExp: NOW + 600, clockDrift: '100' });
    expect(readStoredSession(config.clientId, localStorage, NOW_MS)).not.toBeNull();
    store({ accessExp: NOW + 50, idExp: NOW + 600, clockDrift: '-100' });
    expect(readStoredSession(config.clientId, localStorage, NOW_MS)).toBeNull();
    store({ clockDrift: null });
    expect(readStoredSession(config.clientId, localStorage, NOW_MS)).not.toBeNull();
  });

  it('returns null without a stored user, without tokens or with unreadable tokens', () => {
    expect(readStoredSession(config.clientId, localStorage, NOW_MS)).toBeNull();
    store();
    expect(readStoredSession('other-client', localStorage, NOW_MS)).toBeNull();
    localStorage.setItem(`CognitoIdentityServiceProvider.${config.clientId}.u-1.accessToken`, 'not-a-jwt');
    expect(readStoredSession(config.clientId, localStorage, NOW_MS)).toBeNull();
    localStorage.removeItem(`CognitoIdentityServiceProvider.${config.clientId}.u-1.accessToken`);
    expect(readStoredSession(config.clientId, localStorage, NOW_MS)).toBeNull();
  });

  it('leaves an id token without a subject to the library', () => {
    store();
    const prefix = `CognitoIdentityServiceProvider.${config.clientId}.u-1`;
    localStorage.setItem(`${prefix}.idToken`, jwt({ email: 'a@b.de', exp: NOW + 600, token_use: 'id' }));
    expect(readStoredSession(config.clientId, localStorage, NOW_MS)).toBeNull();
  });
});
