// What every route's beforeLoad and loader receive (set in src/app/router.tsx).
import type { QueryClient } from '@tanstack/react-query';
import type { AuthStore } from './auth/auth-store';
import type { ViewerSource } from './auth/viewer';

export type RouterContext = {
  auth: AuthStore;
  queryClient: QueryClient;
  viewer: ViewerSource;
};
