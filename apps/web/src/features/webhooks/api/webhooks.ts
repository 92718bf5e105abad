// Webhooks (issue 61 point 2, decision 111): the owner's endpoints, making and changing them, the
// secret shown once on creation and rotation, a test message, and each endpoint's deliveries.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZListWebhookDeliveriesResponse,
  ZListWebhooksResponse,
  ZWebhookEndpoint,
  ZWebhookTestResponse,
  ZWebhookWithSecret,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
} from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function webhooksQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.webhooks.all,
    queryFn: ({ signal }) => api.get('/webhooks', { schema: ZListWebhooksResponse, signal }),
    retry: false,
  });
}

export function webhookDeliveriesQueryOptions(endpointId: number) {
  return queryOptions({
    queryKey: queryKeys.webhooks.deliveries(endpointId),
    queryFn: ({ signal }) =>
      api.get(`/webhooks/${endpointId}/deliveries`, { schema: ZListWebhookDeliveriesResponse, signal }),
    // Deliveries move on their own (attempts in the background): kept fresh while shown.
    refetchInterval: 5_000,
  });
}

function useWebhookMutation<A, R>(run: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: CreateWebhookRequest) => api.post('/webhooks', body, { schema: ZWebhookWithSecret }));

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, patch }: { id: number; patch: UpdateWebhookRequest }) =>
    api.request(`/webhooks/${id}`, { method: 'PATCH', body: patch, schema: ZWebhookEndpoint }),
  );

export const useDeleteWebhook = () => useWebhookMutation((id: number) => api.delete(`/webhooks/${id}`));

export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: number) =>
    api.post(`/webhooks/${id}/rotate-secret`, undefined, { schema: ZWebhookWithSecret }),
  );

export const useTestWebhook = () =>
  useWebhookMutation((id: number) => api.post(`/webhooks/${id}/test`, undefined, { schema: ZWebhookTestResponse }));

export const useRetryWebhookDelivery = () =>
  useWebhookMutation((id: number) =>
    api.post(`/webhook-deliveries/${id}/retry`, undefined, { schema: ZWebhookTestResponse }),
  );
