// Keeps the live stream open while a component that needs it is mounted: the header for a signed-in
// session (so it ends on sign-out), the chat screen for a guest.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRuntimeConfig } from '@/config/runtime-config-provider';
import type { ChatAuth } from '@/lib/chat';
import { startLiveStream, type LiveStatus } from './live-stream';

/**
 * `auth` null means no stream (signed out). `organisationId`: the signed-in user's organisation; the
 * server decides at connection which organisation's events a stream gets, so a new one (onboarding,
 * joining a team) reconnects. Returns the connection's status.
 */
export function useLiveStream(auth: ChatAuth | null, organisationId: number | null = null): LiveStatus {
  const { apiBase } = useRuntimeConfig();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('closed');
  // Primitive dependencies: a new auth object with the same identity must not reconnect.
  const mode = auth === null ? null : auth === 'bearer' ? 'bearer' : 'guest';
  const token = auth !== null && auth !== 'bearer' ? auth.guest.token : null;
  const email = auth !== null && auth !== 'bearer' ? auth.guest.email : null;

  useEffect(() => {
    if (mode === null) return;
    const streamAuth: ChatAuth = mode === 'guest' && token && email ? { guest: { token, email } } : 'bearer';
    const stream = startLiveStream({ auth: streamAuth, baseUrl: apiBase, queryClient });
    setStatus(stream.getStatus());
    const unsubscribe = stream.subscribe(() => setStatus(stream.getStatus()));
    return () => {
      unsubscribe();
      stream.close();
      setStatus('closed');
    };
  }, [mode, token, email, organisationId, apiBase, queryClient]);

  return status;
}
