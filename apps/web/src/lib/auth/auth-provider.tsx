import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthState, AuthStore } from './auth-store';

const AuthContext = createContext<AuthStore | null>(null);

export function AuthProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  return <AuthContext value={store}>{children}</AuthContext>;
}

export function useAuthStore(): AuthStore {
  const store = use(AuthContext);
  if (!store) throw new Error('useAuthStore must be used inside <AuthProvider>');
  return store;
}

/** The current auth state; re-renders when it changes. */
export function useAuth(): AuthState {
  const store = useAuthStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
