// A sponsorship's agreement as either party sees it: state, draft and signed PDF, and signing.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAgreementStateResponse, type SignAgreementRequest } from '@sp/shared';
import { api } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/file-transfer';
import { queryKeys } from '@/lib/query-keys';
import { authOf, viewerKey, type AgreementViewer } from './viewer';

export function agreementStateQueryOptions(sponsorshipId: number, viewer: AgreementViewer) {
  return queryOptions({
    queryKey: queryKeys.sponsorships.agreement(sponsorshipId, viewerKey(viewer)),
    queryFn: ({ signal }) =>
      api.get(`/sponsorships/${sponsorshipId}/agreement`, {
        schema: ZAgreementStateResponse,
        auth: authOf(viewer),
        signal,
      }),
    retry: false,
  });
}

/**
 * The draft or the sealed PDF, saved under `fileName`; answers the hash the server sent with it
 * (the draft's is what a signature refers to).
 */
export async function downloadAgreementPdf(
  sponsorshipId: number,
  kind: 'draft' | 'signed',
  viewer: AgreementViewer,
  fileName: string,
): Promise<string | null> {
  const { data, headers } = await api.getBlob(`/sponsorships/${sponsorshipId}/agreement/${kind}.pdf`, {
    auth: authOf(viewer),
  });
  saveBlobAs(data, fileName);
  return headers.get('X-Document-Sha256');
}

export function useSignAgreement(sponsorshipId: number, viewer: AgreementViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SignAgreementRequest) =>
      api.post(`/sponsorships/${sponsorshipId}/agreement/signatures`, request, {
        schema: ZAgreementStateResponse,
        auth: authOf(viewer),
      }),
    onSuccess: (state) => {
      queryClient.setQueryData(agreementStateQueryOptions(sponsorshipId, viewer).queryKey, state);
      // The sponsorship's status moved (signed, confirmed): its other views load again, and a
      // countersignature made its deliverables.
      void queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fulfilment.all });
    },
    // A refused signature (e.g. the draft changed) shows the current state.
    onError: () =>
      queryClient.invalidateQueries({ queryKey: agreementStateQueryOptions(sponsorshipId, viewer).queryKey }),
  });
}
