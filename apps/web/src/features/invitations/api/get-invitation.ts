/** GET /invitations/{token} (no authentication): what an invitation link is about. */
import { queryOptions } from '@tanstack/react-query';
import { ZInvitationLookupResponse } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type Invitation = {
  organisationName: string;
  kind: 'team' | 'sponsor';
  email: string;
  eventId: number | null;
  eventTitle: string | null;
  sponsorshipId: number | null;
  expiresAt: string;
};

export async function getInvitation(token: string, options: { signal?: AbortSignal } = {}): Promise<Invitation> {
  const wire = await api.get(`/invitations/${encodeURIComponent(token)}`, {
    schema: ZInvitationLookupResponse,
    auth: 'none',
    signal: options.signal,
  });
  return {
    organisationName: wire.organisation_name,
    kind: wire.kind,
    email: wire.email,
    eventId: wire.event_id,
    eventTitle: wire.event_title,
    sponsorshipId: wire.sponsorship_id,
    expiresAt: wire.expires_at,
  };
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: queryKeys.invitation(token),
    queryFn: ({ signal }) => getInvitation(token, { signal }),
    retry: false,
  });
}
