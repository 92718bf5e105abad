/**
 * The app's QueryClient, created on first use, so that @tanstack/query-core (~7 kB gzip) is not
 * part of the first page's JS: the login page reads no query until someone has signed in.
 * `createLazyQueryClient()` gives a stand-in with the QueryClient's interface, so the provider,
 * the router context and the guards take it as they are; it forwards every call to the real client
 * (src/lib/query-client.ts), which it creates once `loadQueryClient()` has loaded that module.
 * Who may use it when (docs/decisions/006-bundle-budget.md, fifth round): the root route loads the
 * module before every page but the login (`loadQueryClientFor`), the viewer before reading the
 * profile, the sign-in before the auth store says signed in. Called earlier, a method throws; only
 * QueryClientProvider's mount and unmount are kept until then (the page is mounted before the
 * client exists).
 */
import type { QueryClient } from '@tanstack/react-query';

type QueryClientModule = typeof import('./query-client');

let loaded: QueryClientModule | null = null;
let loading: Promise<void> | null = null;

/** Loads the real client's module (once; again after a failure). Lazy clients are usable once it resolves. */
export function loadQueryClient(): Promise<void> {
  if (!loading) {
    loading = import('./query-client').then((module) => {
      loaded = module;
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** Pages that read no query while signed out: the login, the first page of most visits. */
const WITHOUT_QUERIES = /^\/login(\/|$)/;

/** Before a page at `pathname` is shown: the client's module, unless the page reads no query. */
export function loadQueryClientFor(pathname: string): Promise<void> {
  return WITHOUT_QUERIES.test(pathname) ? Promise.resolve() : loadQueryClient();
}

export function createLazyQueryClient(): QueryClient {
  let client: QueryClient | null = null;
  let mounts = 0;
  const bound = new Map<PropertyKey, unknown>();

  function real(): QueryClient {
    if (!client) {
      if (!loaded) throw new Error('The query client was used before loadQueryClient() resolved');
      client = loaded.createQueryClient();
      for (let i = 0; i < mounts; i++) client.mount();
    }
    return client;
  }

  function notYet(key: string): unknown {
    if (key === 'mount') return () => void mounts++;
    if (key === 'unmount') return () => void mounts--;
    return () => {
      throw new Error(`queryClient.${key}() was called before loadQueryClient() resolved`);
    };
  }

  // The real client keeps its state in private fields, so its methods are called on it, not on the stand-in.
  return new Proxy({} as QueryClient, {
    get(_target, key) {
      // A QueryClient is not a promise; symbols (inspection by tools) are not part of its interface.
      if (!client && !loaded) return key === 'then' || typeof key === 'symbol' ? undefined : notYet(key);
      const target = real();
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (!bound.has(key)) bound.set(key, (value as (...args: unknown[]) => unknown).bind(target));
      return bound.get(key);
    },
  });
}
