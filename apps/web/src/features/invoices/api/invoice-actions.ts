// The organiser's steps with one invoice: draft from a confirmed sponsorship, edit, delete, issue,
// record a payment or a refund, cancel (a cancellation invoice), send again. Every step refreshes all invoice
// queries (lists, sums), since each changes figures shown elsewhere.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZEventDraftsResponse,
  ZInvoiceResponse,
  type InvoicePatch,
  type InvoiceWire,
  type PaymentInput,
} from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

function useInvoiceMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }),
  });
}

const invoiceOf = (answer: { invoice: InvoiceWire }) => answer.invoice;

/** A draft; `further` adds one beside an open invoice of the sponsorship on purpose (decision 060). */
export const useCreateDraft = () =>
  useInvoiceMutation(({ sponsorshipId, further }: { sponsorshipId: number; further?: boolean }) =>
    api
      .post(`/sponsorships/${sponsorshipId}/invoices`, further ? { further_invoice: true } : {}, {
        schema: ZInvoiceResponse,
      })
      .then(invoiceOf),
  );

/** A draft for every confirmed sponsorship of the event not invoiced yet; the answer says which were skipped. */
export const useDraftEventInvoices = () =>
  useInvoiceMutation((eventId: number) =>
    api.post(`/event/${eventId}/invoice-drafts`, {}, { schema: ZEventDraftsResponse }),
  );

export const usePatchDraft = () =>
  useInvoiceMutation(({ id, patch }: { id: number; patch: InvoicePatch }) =>
    api.request(`/invoices/${id}`, { method: 'PATCH', body: patch, schema: ZInvoiceResponse }).then(invoiceOf),
  );

export const useDeleteDraft = () => useInvoiceMutation((id: number) => api.delete(`/invoices/${id}`));

export const useIssueInvoice = () =>
  useInvoiceMutation((id: number) =>
    api.post(`/invoices/${id}/issue`, {}, { schema: ZInvoiceResponse }).then(invoiceOf),
  );

export const useCancelInvoice = () =>
  useInvoiceMutation((id: number) =>
    api.post(`/invoices/${id}/cancel`, {}, { schema: ZInvoiceResponse }).then(invoiceOf),
  );

export const useRecordPayment = () =>
  useInvoiceMutation(({ id, payment }: { id: number; payment: PaymentInput }) =>
    api.post(`/invoices/${id}/payments`, payment, { schema: ZInvoiceResponse }).then(invoiceOf),
  );

/** Money paid back to the sponsor: what makes a paid invoice cancellable (decision 060). */
export const useRecordRefund = () =>
  useInvoiceMutation(({ id, payment }: { id: number; payment: PaymentInput }) =>
    api.post(`/invoices/${id}/refunds`, payment, { schema: ZInvoiceResponse }).then(invoiceOf),
  );

/** The next payment reminder of an overdue invoice, now (the server allows one a day). */
export const useRemindInvoice = () =>
  useInvoiceMutation((id: number) =>
    api.post(`/invoices/${id}/remind`, {}, { schema: ZInvoiceResponse }).then(invoiceOf),
  );

export const useSendInvoice = () =>
  useInvoiceMutation((id: number) =>
    api.post(`/invoices/${id}/send`, {}, { schema: ZInvoiceResponse }).then(invoiceOf),
  );

/** A payment that could not be recorded, by invoice number, with the reason. */
export type PaymentFailure = { number: string; message: unknown };

/**
 * Several payments (a bank statement's matches), one after the other: each is checked by the server
 * against what is open, so a failure stops nothing else and is reported by the invoice's number.
 */
export const useRecordPayments = () =>
  useInvoiceMutation(async (payments: Array<{ id: number; number: string; payment: PaymentInput }>) => {
    let recorded = 0;
    const failed: PaymentFailure[] = [];
    for (const { id, number, payment } of payments) {
      try {
        await api.post(`/invoices/${id}/payments`, payment, { schema: ZInvoiceResponse });
        recorded++;
      } catch (error) {
        failed.push({ number, message: error });
      }
    }
    return { recorded, failed };
  });
