// Delivery evidence (issue 60, point 1): GET /sponsorships/{id}/evidence for both parties (the sponsor
// also by the invitation link), the team's additions and removals, the sponsor's thumbs up and
// comments, and a picture as an object URL. Kept under the fulfilment keys, so a live change of the
// sponsorship's deliverables (either party's) refreshes it at once.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZEvidence, ZSponsorshipEvidenceResponse, type AddEvidenceRequest } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { authOf, type DeliverableViewer } from './sponsorship-deliverables';

const viewerKey = (viewer: DeliverableViewer) => (viewer.kind === 'guest' ? `guest:${viewer.email}` : 'me');
const evidenceKey = (sponsorshipId: number, viewer: DeliverableViewer) =>
  [...queryKeys.fulfilment.all, 'evidence', sponsorshipId, viewerKey(viewer)] as const;

export function sponsorshipEvidenceQueryOptions(sponsorshipId: number, viewer: DeliverableViewer) {
  return queryOptions({
    queryKey: evidenceKey(sponsorshipId, viewer),
    queryFn: ({ signal }) =>
      api.get(`/sponsorships/${sponsorshipId}/evidence`, {
        schema: ZSponsorshipEvidenceResponse,
        auth: authOf(viewer),
        signal,
      }),
    retry: false,
  });
}

export type EvidenceChange =
  | { kind: 'add'; body: AddEvidenceRequest }
  | { kind: 'picture'; file: Blob; picture: 'photo' | 'screenshot'; note: string }
  | { kind: 'remove'; evidenceId: number }
  | { kind: 'react'; evidenceId: number; thumbsUp: boolean }
  | { kind: 'comment'; evidenceId: number; text: string };

export function useChangeEvidence(deliverableId: number, sponsorshipId: number, viewer: DeliverableViewer) {
  const queryClient = useQueryClient();
  const options = { schema: ZEvidence, auth: authOf(viewer) };
  const base = `/deliverables/${deliverableId}/evidence`;
  return useMutation({
    mutationFn: async (change: EvidenceChange) => {
      switch (change.kind) {
        case 'add':
          return api.post(base, change.body, options);
        case 'picture': {
          const query = new URLSearchParams({ kind: change.picture });
          if (change.note) query.set('note', change.note);
          return api.post(`${base}/image?${query.toString()}`, change.file, options);
        }
        case 'remove':
          await api.delete(`${base}/${change.evidenceId}`, { auth: authOf(viewer) });
          return null;
        case 'react':
          return api.put(`${base}/${change.evidenceId}/reaction`, { thumbs_up: change.thumbsUp }, options);
        case 'comment':
          return api.post(`${base}/${change.evidenceId}/comments`, { text: change.text }, options);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: evidenceKey(sponsorshipId, viewer) }),
  });
}

/** A piece's stored JPEG (its thumbnail or full size) as a Blob; the caller makes and revokes the URL. */
export function evidencePictureQueryOptions(
  deliverableId: number,
  evidenceId: number,
  size: 'thumb' | 'full',
  viewer: DeliverableViewer,
) {
  return queryOptions({
    queryKey: [...queryKeys.fulfilment.all, 'evidence-picture', evidenceId, size, viewerKey(viewer)] as const,
    queryFn: async ({ signal }) =>
      (
        await api.getBlob(`/deliverables/${deliverableId}/evidence/${evidenceId}/image?size=${size}`, {
          auth: authOf(viewer),
          signal,
        })
      ).data,
    staleTime: Infinity,
    retry: false,
  });
}
