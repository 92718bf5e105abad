/**
 * The signed-in state of spec section 4 (Loading, SignedOut, SignedIn, IsOnBoarded), kept outside
 * React so that route guards, the API client and components read the same value. Where sessions
 * come from is a port (`SessionSource`); the Cognito adapter is in cognito-session.ts.
 */

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn' | 'isOnBoarded';

export type AuthUser = { sub: string; email: string };

export type AuthSession = { user: AuthUser; accessToken: string };

export type AuthState = { status: AuthStatus; user: AuthUser | null };

export type SessionSource = {
  /** The current session, refreshed if its tokens expired; null when there is none. */
  getSession: () => Promise<AuthSession | null>;
  /** Ends the session at the identity provider (best effort) and always forgets it locally. */
  signOut: () => Promise<void>;
};

export type AuthStore = {
  getState: () => AuthState;
  subscribe: (listener: () => void) => () => void;
  /** Looks the stored session up once at start: signedIn or signedOut. */
  initialize: () => Promise<void>;
  /** For the API client: the access token, or null when signed out (which then also updates the state). */
  getAccessToken: () => Promise<string | null>;
  /** For the login flow once the identity provider accepted the credentials. */
  setSignedIn: (user: AuthUser) => void;
  /** For onboarding once the profile is complete. */
  markOnBoarded: () => void;
  signOut: () => Promise<void>;
};

const SESSION_LOOKUP_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Session lookup timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function createAuthStore(source: SessionSource): AuthStore {
  let state: AuthState = { status: 'loading', user: null };
  const listeners = new Set<() => void>();

  function setState(next: AuthState): void {
    if (next.status === state.status && next.user?.sub === state.user?.sub && next.user?.email === state.user?.email)
      return;
    state = next;
    for (const listener of listeners) listener();
  }

  const signedOut: AuthState = { status: 'signedOut', user: null };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async initialize() {
      try {
        const session = await withTimeout(source.getSession(), SESSION_LOOKUP_TIMEOUT_MS);
        setState(session ? { status: 'signedIn', user: session.user } : signedOut);
      } catch {
        setState(signedOut);
      }
    },
    async getAccessToken() {
      const session = await source.getSession().catch(() => null);
      if (!session) {
        if (state.status === 'signedIn' || state.status === 'isOnBoarded') setState(signedOut);
        return null;
      }
      return session.accessToken;
    },
    setSignedIn(user) {
      setState({ status: 'signedIn', user });
    },
    markOnBoarded() {
      if (state.user) setState({ status: 'isOnBoarded', user: state.user });
    },
    async signOut() {
      try {
        await source.signOut();
      } finally {
        setState(signedOut);
      }
    },
  };
}

export function isSignedIn(status: AuthStatus): boolean {
  return status === 'signedIn' || status === 'isOnBoarded';
}
