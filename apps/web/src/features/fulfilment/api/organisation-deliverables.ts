// The organisation's deliverables (GET /fulfilment, filtered; per event with event_id) and the
// organisers' changes (PATCH /deliverables/{id}).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZDeliverable,
  ZListDeliverablesResponse,
  type DeliverableStatus,
  type UpdateDeliverableRequest,
} from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type DeliverableFilters = {
  status?: DeliverableStatus | undefined;
  assignee?: string | undefined;
  due_before?: string | undefined;
  sponsor?: string | undefined;
  event_id?: number | undefined;
};

export function organisationDeliverablesQueryOptions(filters: DeliverableFilters) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') query.set(key, String(value));
  const search = query.toString();
  return queryOptions({
    queryKey: queryKeys.fulfilment.list({ ...filters }),
    queryFn: ({ signal }) =>
      api.get(`/fulfilment${search ? `?${search}` : ''}`, { schema: ZListDeliverablesResponse, signal }),
    staleTime: 30_000,
  });
}

export function useUpdateDeliverable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: UpdateDeliverableRequest }) =>
      api.request(`/deliverables/${id}`, { method: 'PATCH', body: change, schema: ZDeliverable }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.fulfilment.all }),
  });
}
