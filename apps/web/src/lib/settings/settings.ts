/**
 * GET and PUT /settings: the signed-in user's language (for mails), chat e-mail notices, and the
 * dashboard a user with both roles used last.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSettings, type DashboardView, type SettingsWire, type UpdateSettingsRequest } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => api.get('/settings', { schema: ZSettings, signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** The dashboard a user with both roles used last (null until they first switched). */
export async function getDashboardView(): Promise<DashboardView | null> {
  return (await api.get('/settings', { schema: ZSettings })).dashboard_view;
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateSettingsRequest): Promise<SettingsWire> =>
      api.put('/settings', change, { schema: ZSettings }),
    // Shown at once (a checkbox must follow the click); put back if the server refuses.
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.settings });
      const before = queryClient.getQueryData<SettingsWire>(queryKeys.settings);
      if (before) queryClient.setQueryData(queryKeys.settings, { ...before, ...change });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.settings, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings, settings),
  });
}
