import { describe, expect, it, vi } from 'vitest';
import { createAuthStore, type AuthSession, type SessionSource } from './auth-store';

const session: AuthSession = { user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'access-1' };

function source(initial: AuthSession | null): SessionSource & { current: AuthSession | null } {
  const s = {
    current: initial,
    getSession: () => Promise.resolve(s.current),
    signOut: () => {
      s.current = null;
      return Promise.resolve();
    },
  };
  return s;
}

describe('auth store', () => {
  it('starts loading and becomes signedIn when a session exists', async () => {
    const store = createAuthStore(source(session));
    expect(store.getState().status).toBe('loading');
    await store.initialize();
    expect(store.getState()).toEqual({ status: 'signedIn', user: session.user });
    await expect(store.getAccessToken()).resolves.toBe('access-1');
  });

  it('becomes signedOut without a session or when the lookup fails', async () => {
    const empty = createAuthStore(source(null));
    await empty.initialize();
    expect(empty.getState()).toEqual({ status: 'signedOut', user: null });

    const failing = createAuthStore({
      getSession: () => Promise.reject(new Error('offline')),
      signOut: () => Promise.resolve(),
    });
    await failing.initialize();
    expect(failing.getState().status).toBe('signedOut');
  });

  it('notifies listeners on sign-in, onboarding and sign-out', async () => {
    const src = source(null);
    const store = createAuthStore(src);
    await store.initialize();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    store.setSignedIn(session.user);
    store.markOnBoarded();
    expect(store.getState().status).toBe('isOnBoarded');

    src.current = session;
    await store.signOut();
    expect(store.getState()).toEqual({ status: 'signedOut', user: null });
    expect(src.current).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);

    unsubscribe();
    store.setSignedIn(session.user);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('signs out locally when the session can no longer be refreshed', async () => {
    const src = source(session);
    const store = createAuthStore(src);
    await store.initialize();
    src.current = null;
    await expect(store.getAccessToken()).resolves.toBeNull();
    expect(store.getState().status).toBe('signedOut');
  });
});
