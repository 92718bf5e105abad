// The invoice lists and sums: the organisation's (filtered by event and status), one sponsorship's
// (both parties; the sponsor also by the invitation link, and sees issued ones only) and the
// invoiced / paid / outstanding figures per event and in total.
import { queryOptions } from '@tanstack/react-query';
import { ZInvoiceListResponse, ZInvoiceNumbers, ZInvoicePaymentDetails, type InvoiceStatus } from '@sp/shared';
import { api, type ApiAuth } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user, or a sponsor with the invitation link. */
export type InvoiceViewer = { kind: 'user' } | { kind: 'guest'; token: string; email: string };

export const authOf = (viewer: InvoiceViewer): ApiAuth =>
  viewer.kind === 'guest' ? { guest: { token: viewer.token, email: viewer.email } } : 'bearer';
const viewerKey = (viewer: InvoiceViewer) => (viewer.kind === 'guest' ? `guest:${viewer.email}` : 'me');

export type InvoiceFilters = { event?: number; status?: InvoiceStatus };

export const filterQuery = (filters: InvoiceFilters): string => {
  const params = new URLSearchParams();
  if (filters.event !== undefined) params.set('event_id', String(filters.event));
  if (filters.status) params.set('status', filters.status);
  const query = params.toString();
  return query ? `?${query}` : '';
};

export function organisationInvoicesQueryOptions(organisationId: number, filters: InvoiceFilters) {
  return queryOptions({
    queryKey: queryKeys.invoices.list(organisationId, { event: filters.event, status: filters.status }),
    queryFn: ({ signal }) =>
      api.get(`/organisation/${organisationId}/invoices${filterQuery(filters)}`, {
        schema: ZInvoiceListResponse,
        signal,
      }),
    select: (answer) => answer.invoices,
    staleTime: 0,
  });
}

export function sponsorshipInvoicesQueryOptions(sponsorshipId: number, viewer: InvoiceViewer) {
  return queryOptions({
    queryKey: queryKeys.invoices.ofSponsorship(sponsorshipId, viewerKey(viewer)),
    queryFn: ({ signal }) =>
      api.get(`/sponsorships/${sponsorshipId}/invoices`, {
        schema: ZInvoiceListResponse,
        auth: authOf(viewer),
        signal,
      }),
    select: (answer) => answer.invoices,
    retry: false,
  });
}

export function invoiceNumbersQueryOptions(organisationId: number) {
  return queryOptions({
    queryKey: queryKeys.invoices.numbers(organisationId),
    queryFn: ({ signal }) =>
      api.get(`/organisation/${organisationId}/invoice-numbers`, { schema: ZInvoiceNumbers, signal }),
    // Issuing, payments and cancellations change the figures: read again on every visit.
    staleTime: 0,
  });
}

/** How to pay an issued invoice (bank details, reference, open amount, GiroCode), for either party. */
export function invoicePaymentDetailsQueryOptions(invoiceId: number, viewer: InvoiceViewer) {
  return queryOptions({
    queryKey: queryKeys.invoices.paymentDetails(invoiceId, viewerKey(viewer)),
    queryFn: ({ signal }) =>
      api.get(`/invoices/${invoiceId}/payment-details`, {
        schema: ZInvoicePaymentDetails,
        auth: authOf(viewer),
        signal,
      }),
    retry: false,
  });
}
