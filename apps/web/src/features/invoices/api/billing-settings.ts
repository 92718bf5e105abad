// GET/PUT /organisation/{id}/billing-settings: what invoices are issued with (issue 20, point 1).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBillingSettingsResponse, type BillingSettingsInput } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function billingSettingsQueryOptions(organisationId: number) {
  return queryOptions({
    queryKey: queryKeys.invoices.settings(organisationId),
    queryFn: ({ signal }) =>
      api.get(`/organisation/${organisationId}/billing-settings`, { schema: ZBillingSettingsResponse, signal }),
  });
}

export function useSaveBillingSettings(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingSettingsInput) =>
      api.put(`/organisation/${organisationId}/billing-settings`, body, { schema: ZBillingSettingsResponse }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.invoices.settings(organisationId), answer),
  });
}
