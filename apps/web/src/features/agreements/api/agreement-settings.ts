// An event's agreement settings (own PDF or generated, clauses, payment term, who countersigns) and
// the preview PDF of the generated agreement with sample sponsor data.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ZAgreementSettingsResponse, type AgreementSettings, type Language } from '@sp/shared';
import { api } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/file-transfer';
import { queryKeys } from '@/lib/query-keys';

export function agreementSettingsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: queryKeys.agreementSettings(eventId),
    queryFn: ({ signal }) =>
      api.get(`/events/${eventId}/agreement-settings`, { schema: ZAgreementSettingsResponse, signal }),
  });
}

/**
 * A new event switched to the generated agreement, its other settings as they are (the create form's
 * choice): the settings read, then saved with the mode changed.
 */
export async function chooseGeneratedAgreement(queryClient: QueryClient, eventId: number): Promise<void> {
  const current = await queryClient.fetchQuery(agreementSettingsQueryOptions(eventId));
  const saved = await api.put(
    `/events/${eventId}/agreement-settings`,
    {
      mode: 'generated',
      clauses: current.clauses,
      payment_term_days: current.payment_term_days,
      members_may_countersign: current.members_may_countersign,
    } satisfies AgreementSettings,
    { schema: ZAgreementSettingsResponse },
  );
  queryClient.setQueryData(agreementSettingsQueryOptions(eventId).queryKey, saved);
}

export function useSaveAgreementSettings(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AgreementSettings) =>
      api.put(`/events/${eventId}/agreement-settings`, settings, { schema: ZAgreementSettingsResponse }),
    onSuccess: (saved) => {
      queryClient.setQueryData(agreementSettingsQueryOptions(eventId).queryKey, saved);
      // Each sponsorship's draft follows the settings (a change voids a given signature).
      void queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships.all });
    },
  });
}

/** The preview of the saved settings, in the chosen language, saved as a file. */
export async function downloadAgreementPreview(eventId: number, language: Language, fileName: string) {
  const { data } = await api.getBlob(`/events/${eventId}/agreement-preview.pdf?lang=${language}`);
  saveBlobAs(data, fileName);
}
