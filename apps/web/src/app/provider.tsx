import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { RuntimeConfig } from '@sp/shared';
import { RuntimeConfigProvider } from '@/config/runtime-config-provider';
import { AuthProvider, type AuthStore } from '@/lib/auth';
import { markAppStarted } from '@/lib/early-submit';

export function AppProvider({
  config,
  auth,
  queryClient,
  children,
}: {
  config: RuntimeConfig;
  auth: AuthStore;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  // After the first commit's other effects: a page taking a form held before the start over goes first.
  useEffect(markAppStarted, []);
  return (
    <RuntimeConfigProvider config={config}>
      <AuthProvider store={auth}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AuthProvider>
    </RuntimeConfigProvider>
  );
}
