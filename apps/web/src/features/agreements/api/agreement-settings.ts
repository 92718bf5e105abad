// An event's agreement settings (own PDF or generated, clauses, payment term, who countersigns) and
// the preview PDF of the generated agreement with sample sponsor data.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
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
