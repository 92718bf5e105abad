import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RuntimeConfig } from '@sp/shared';
import { RuntimeConfigProvider } from '@/config/runtime-config-provider';
import { AuthProvider, type AuthStore } from '@/lib/auth';

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
  return (
    <RuntimeConfigProvider config={config}>
      <AuthProvider store={auth}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AuthProvider>
    </RuntimeConfigProvider>
  );
}
