// A deliverable's asset (issue 59): GET /deliverables/{id}/asset for both parties, the spec
// (organisation), the upload of the raw file (sponsor), the decision on a round (organisation) and
// the event's print bundle as a download.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDeliverableAssetResponse, type AssetSpec, type DecideAssetRequest } from '@sp/shared';
import { api } from '@/lib/api-client';
import { authOf, type DeliverableViewer } from './sponsorship-deliverables';

const key = (id: number) => ['fulfilment', 'asset', id] as const;

export function deliverableAssetQueryOptions(id: number, viewer: DeliverableViewer) {
  return queryOptions({
    queryKey: key(id),
    queryFn: ({ signal }) =>
      api.get(`/deliverables/${id}/asset`, { schema: ZDeliverableAssetResponse, auth: authOf(viewer), signal }),
    retry: false,
  });
}

export type AssetChange =
  | { kind: 'spec'; spec: AssetSpec | null }
  | { kind: 'upload'; file: Blob; altText: string }
  | { kind: 'decide'; body: DecideAssetRequest }
  | { kind: 'proof'; body: DecideAssetRequest }
  | { kind: 'monochrome'; file: Blob };

export function useChangeAsset(id: number, viewer: DeliverableViewer) {
  const queryClient = useQueryClient();
  const options = { schema: ZDeliverableAssetResponse, auth: authOf(viewer) };
  return useMutation({
    mutationFn: (change: AssetChange) => {
      switch (change.kind) {
        case 'spec':
          return api.put(`/deliverables/${id}/asset-spec`, { spec: change.spec }, options);
        case 'upload': {
          const query = change.altText ? `?alt_text=${encodeURIComponent(change.altText)}` : '';
          return api.put(`/deliverables/${id}/asset${query}`, change.file, options);
        }
        case 'decide':
          return api.post(`/deliverables/${id}/asset/decision`, change.body, options);
        case 'proof':
          return api.post(`/deliverables/${id}/asset/proof-decision`, change.body, options);
        case 'monochrome':
          return api.put(`/deliverables/${id}/asset/monochrome`, change.file, options);
      }
    },
    onSuccess: (answer) => queryClient.setQueryData(key(id), answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['fulfilment'] }),
  });
}

/** A round's proof (a PNG rendered on the server) as an object URL; the caller revokes it. */
export function proofQueryOptions(id: number, round: number, viewer: DeliverableViewer) {
  return queryOptions({
    queryKey: [...key(id), 'proof', round] as const,
    queryFn: async ({ signal }) => {
      const { data } = await api.getBlob(`/deliverables/${id}/asset/rounds/${round}/proof.png`, {
        auth: authOf(viewer),
        signal,
      });
      return data;
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** Downloads the event's print bundle (a streamed ZIP) and hands it to the browser as a file. */
export async function downloadPrintBundle(eventId: number): Promise<void> {
  const { data, headers } = await api.getBlob(`/events/${eventId}/print-bundle.zip`, { auth: 'bearer' });
  const name = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? 'print-bundle.zip';
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
