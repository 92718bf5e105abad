// sonner, loaded on the first toast instead of with every first page (~6 kB gzip,
// docs/decisions/006-bundle-budget.md). In the production build every `import ... from 'sonner'`
// of the app resolves to this module (vite-plugins/sonner.ts, plugin sp:sonner-on-first-toast); the app's
// code and its tests keep importing sonner itself. The app uses the toast kinds below and the
// Toaster; sonner shows toasts created before its Toaster subscribed once it does.
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import type * as Sonner from 'sonner';

let sonner: Promise<typeof Sonner> | null = null;
const onLoad = new Set<() => void>();

function loadSonner(): Promise<typeof Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    onLoad.forEach((listener) => listener());
  }
  return sonner;
}

type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';

function later<K extends Kind>(kind: K) {
  return (...args: Parameters<(typeof Sonner.toast)[K]>): void => {
    void loadSonner().then(({ toast: show }) => (show[kind] as (...all: typeof args) => unknown)(...args));
  };
}

export const toast = Object.assign(
  (...args: Parameters<typeof Sonner.toast>): void => {
    void loadSonner().then(({ toast: show }) => show(...args));
  },
  {
    success: later('success'),
    error: later('error'),
    info: later('info'),
    warning: later('warning'),
    message: later('message'),
  },
);

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** sonner's Toaster, rendered once the first toast has loaded sonner. */
export function Toaster(props: ComponentProps<typeof Sonner.Toaster>) {
  const [loading, setLoading] = useState(sonner !== null);
  useEffect(() => {
    if (sonner) {
      setLoading(true);
      return;
    }
    const listener = () => setLoading(true);
    onLoad.add(listener);
    return () => {
      onLoad.delete(listener);
    };
  }, []);
  return loading ? (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  ) : null;
}
