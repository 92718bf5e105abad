/** GET /organisation/{organisationId}/sponsoring-numbers: per event and package, and the totals. */
import { queryOptions } from '@tanstack/react-query';
import { ZSponsoringNumbers } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function sponsoringNumbersQueryOptions(organisationId: number) {
  return queryOptions({
    queryKey: queryKeys.packages.numbers(organisationId),
    queryFn: ({ signal }) =>
      api.get(`/organisation/${organisationId}/sponsoring-numbers`, { schema: ZSponsoringNumbers, signal }),
    // Choices, confirmations and deliverables change elsewhere: read again on every visit.
    staleTime: 0,
  });
}
