// The sealed sponsor report (decision 108): its state for either party, the PDF, and the organisers'
// "send it to the sponsor now".
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSendSponsorReportResponse, ZSponsorReportState } from '@sp/shared';
import { api, type ApiAuth } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/file-transfer';
import { queryKeys } from '@/lib/query-keys';

export type ReportViewer = { kind: 'user' } | { kind: 'guest'; token: string; email: string };

const authOf = (viewer: ReportViewer): ApiAuth =>
  viewer.kind === 'guest' ? { guest: { token: viewer.token, email: viewer.email } } : 'bearer';
const viewerKey = (viewer: ReportViewer) => (viewer.kind === 'guest' ? `guest:${viewer.email}` : 'me');

export function sponsorReportQueryOptions(sponsorshipId: number, viewer: ReportViewer) {
  return queryOptions({
    queryKey: queryKeys.sponsorships.report(sponsorshipId, viewerKey(viewer)),
    queryFn: ({ signal }) =>
      api.get(`/sponsorships/${sponsorshipId}/report`, { schema: ZSponsorReportState, auth: authOf(viewer), signal }),
    retry: false,
  });
}

/** Downloads the sealed PDF (made or taken from the store by the server) and saves it. */
export function useDownloadSponsorReport(sponsorshipId: number, viewer: ReportViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fileName: string) => {
      const { data } = await api.getBlob(`/sponsorships/${sponsorshipId}/report.pdf`, { auth: authOf(viewer) });
      saveBlobAs(data, fileName);
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: sponsorReportQueryOptions(sponsorshipId, viewer).queryKey }),
  });
}

export function useSendSponsorReport(sponsorshipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(`/sponsorships/${sponsorshipId}/report/send`, undefined, { schema: ZSendSponsorReportResponse }),
    onSuccess: (state) =>
      queryClient.setQueryData(sponsorReportQueryOptions(sponsorshipId, { kind: 'user' }).queryKey, state),
  });
}
