import { useMemo } from 'react';
import { useRuntimeConfig } from '@/config/runtime-config-provider';
import { createIdentityClient, type IdentityClient } from '../api/identity-client';

/** The identity provider's client for the endpoint, pool and app client of /config.json. */
export function useIdentity(): IdentityClient {
  const config = useRuntimeConfig();
  return useMemo(() => createIdentityClient(config), [config]);
}
