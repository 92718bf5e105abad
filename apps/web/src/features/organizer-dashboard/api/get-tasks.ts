/** GET /organisation/{organisationId}/tasks: the dashboard's open tasks. */
import { queryOptions } from '@tanstack/react-query';
import { ZOrganiserTasks, type OrganiserTasksWire } from '@sp/shared';
import { api } from '@/lib/api-client';
import { organiserTasksPath } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

export function getOrganiserTasks(
  organisationId: number,
  options: { signal?: AbortSignal } = {},
): Promise<OrganiserTasksWire> {
  return api.get(organiserTasksPath(organisationId), { schema: ZOrganiserTasks, signal: options.signal });
}

export function organiserTasksQueryOptions(organisationId: number) {
  return queryOptions({
    queryKey: queryKeys.organiserTasks(organisationId),
    queryFn: ({ signal }) => getOrganiserTasks(organisationId, { signal }),
    // Tasks change with events, sponsorships and invitations anywhere: refetched on every visit.
    staleTime: 0,
  });
}
