/** PUT /sponsorships/{id}/agreement/language: an organiser's language for this agreement (null = the sponsor's). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAgreementStateResponse, type DocumentLanguage } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { agreementStateQueryOptions } from './agreement-state';

const ORGANISER = { kind: 'user' } as const;

export function useSetAgreementLanguage(sponsorshipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: DocumentLanguage | null) =>
      api.put(
        `/sponsorships/${sponsorshipId}/agreement/language`,
        { language },
        { schema: ZAgreementStateResponse, auth: 'bearer' },
      ),
    onSuccess: (state) => {
      queryClient.setQueryData(agreementStateQueryOptions(sponsorshipId, ORGANISER).queryKey, state);
      // The sponsorship's wire carries the choice too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships.all });
    },
  });
}
