/** PUT /sponsorships/{id}/sponsor-language: the sponsor tells the language they use (decision 074). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSponsorship, type DocumentLanguage } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { authOf, type SponsorViewer } from './sponsorship';

export function useTellSponsorLanguageMutation(viewer: SponsorViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sponsorshipId, language }: { sponsorshipId: number; language: DocumentLanguage }) =>
      api.put(
        `/sponsorships/${sponsorshipId}/sponsor-language`,
        { language },
        { schema: ZSponsorship, auth: authOf(viewer) },
      ),
    // The sponsorship and its agreement (whose draft may now be in that language) load again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships.all }),
  });
}
