// GET /organisation/{id}/operator-log: the owner's record of changes and operator commands (decision 077).
import { queryOptions } from '@tanstack/react-query';
import { ZOperatorLogResponse } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function operatorLogQueryOptions(organisationId: number) {
  return queryOptions({
    queryKey: queryKeys.operatorLog(organisationId),
    queryFn: ({ signal }) =>
      api.get(`/organisation/${organisationId}/operator-log`, { schema: ZOperatorLogResponse, signal }),
  });
}
