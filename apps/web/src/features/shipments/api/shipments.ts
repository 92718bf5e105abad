// Shipments (issue 59 point 6, decision 082): a sponsorship's parcels (both parties; the sponsor also
// by the invitation link) and the sponsor's announcement; an event's parcels and its venue link
// (organisers); the venue's view and "received" with an optional photo through the venue link's token.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  ZCreatedVenueLink,
  ZListShipmentsResponse,
  ZShipment,
  ZVenueLinkStatus,
  ZVenueShipmentsResponse,
  type AnnounceShipmentRequest,
} from '@sp/shared';
import { api, type ApiAuth } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user, or a sponsor with the invitation link. */
export type ShipmentViewer = { kind: 'user' } | { kind: 'guest'; token: string; email: string };

const authOf = (viewer: ShipmentViewer): ApiAuth =>
  viewer.kind === 'guest' ? { guest: { token: viewer.token, email: viewer.email } } : 'bearer';
const viewerKey = (viewer: ShipmentViewer) => (viewer.kind === 'guest' ? `guest:${viewer.email}` : 'me');
const venuePath = (token: string) => `/venue/${encodeURIComponent(token)}/shipments`;

export function sponsorshipShipmentsQueryOptions(sponsorshipId: number, viewer: ShipmentViewer) {
  return queryOptions({
    queryKey: queryKeys.shipments.ofSponsorship(sponsorshipId, viewerKey(viewer)),
    queryFn: ({ signal }) =>
      api.get(`/sponsorships/${sponsorshipId}/shipments`, {
        schema: ZListShipmentsResponse,
        auth: authOf(viewer),
        signal,
      }),
    retry: false,
  });
}

export function eventShipmentsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: queryKeys.shipments.ofEvent(eventId),
    queryFn: ({ signal }) => api.get(`/event/${eventId}/shipments`, { schema: ZListShipmentsResponse, signal }),
    staleTime: 10_000,
  });
}

export function venueLinkQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: queryKeys.shipments.venueLink(eventId),
    queryFn: ({ signal }) => api.get(`/event/${eventId}/venue-link`, { schema: ZVenueLinkStatus, signal }),
  });
}

/** The venue's view: no account, the token is the credential (404 unknown, 410 revoked). */
export function venueShipmentsQueryOptions(token: string) {
  return queryOptions({
    queryKey: queryKeys.shipments.ofVenue(token),
    queryFn: ({ signal }) => api.get(venuePath(token), { schema: ZVenueShipmentsResponse, auth: 'none', signal }),
    retry: false,
    // Two people at the venue: what the other one marked shows up within half a minute.
    refetchInterval: 30_000,
  });
}

export function useAnnounceShipment(sponsorshipId: number, viewer: ShipmentViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnounceShipmentRequest) =>
      api.post(`/sponsorships/${sponsorshipId}/shipments`, body, { schema: ZShipment, auth: authOf(viewer) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shipments.all }),
  });
}

export function useCreateVenueLink(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/event/${eventId}/venue-link`, undefined, { schema: ZCreatedVenueLink }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shipments.venueLink(eventId) }),
  });
}

export function useRevokeVenueLink(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`/event/${eventId}/venue-link`, { schema: ZVenueLinkStatus }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shipments.venueLink(eventId) }),
  });
}

/**
 * "Received" (with the name given), then the photo when one was chosen. The parcel stays received when
 * only the photo fails: the error names the photo, and the photo may be added again.
 */
export function useMarkReceived(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { shipmentId: number; receivedBy: string; photo: Blob | null }) => {
      const base = `${venuePath(token)}/${input.shipmentId}`;
      const received = await api.post(
        `${base}/received`,
        { received_by: input.receivedBy || null },
        { schema: ZShipment, auth: 'none' },
      );
      if (!input.photo) return { shipment: received, photoError: null };
      try {
        const withPhoto = await api.put(`${base}/photo`, input.photo, { schema: ZShipment, auth: 'none' });
        return { shipment: withPhoto, photoError: null };
      } catch (error) {
        return { shipment: received, photoError: error };
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shipments.ofVenue(token) }),
  });
}

export function useAddPhoto(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { shipmentId: number; photo: Blob }) =>
      api.put(`${venuePath(token)}/${input.shipmentId}/photo`, input.photo, { schema: ZShipment, auth: 'none' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shipments.ofVenue(token) }),
  });
}

/** Where a parcel's photo is read: through the venue's token, or the sponsorship (both parties). */
export type PhotoSource =
  | { kind: 'venue'; token: string; shipmentId: number }
  | { kind: 'party'; viewer: ShipmentViewer; sponsorshipId: number; shipmentId: number };

function photoRequest(source: PhotoSource): { path: string; auth: ApiAuth } {
  if (source.kind === 'venue') return { path: `${venuePath(source.token)}/${source.shipmentId}/photo`, auth: 'none' };
  return {
    path: `/sponsorships/${source.sponsorshipId}/shipments/${source.shipmentId}/photo`,
    auth: authOf(source.viewer),
  };
}

/** The photo as an object URL (the request carries the caller's credentials, an <img src> could not). */
export function usePhotoUrl(source: PhotoSource, enabled: boolean): string | null {
  const { path, auth } = photoRequest(source);
  const query = useQuery({
    queryKey: queryKeys.shipments.photo(path),
    queryFn: async ({ signal }) => (await api.getBlob(path, { auth, signal })).data,
    enabled,
    staleTime: Infinity,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  return query.data ? url : null;
}
