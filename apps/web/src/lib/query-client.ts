// TanStack Query defaults. Per-query freshness comes from STALE_TIMES (spec section 9) in each
// feature's xQueryOptions(); these are the fallbacks.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

const MAX_RETRIES = 2;

/** Client errors (4xx) do not get better by asking again; network and server errors may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  ) {
    return false;
  }
  return failureCount < MAX_RETRIES;
}

/** @public Loaded with a dynamic import (lazy-query-client.ts), which the dead-code check does not follow. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
