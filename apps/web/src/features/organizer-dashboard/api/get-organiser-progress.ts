/** GET /organisation/{organisationId}/progress: the step page's three first steps. */
import { queryOptions } from '@tanstack/react-query';
import { ZOrganiserProgress, type OrganiserProgressWire } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type OrganiserProgress = {
  organisationName: string;
  steps: OrganiserProgressWire['steps'];
  events: number;
  invitations: number;
  members: number;
};

export async function getOrganiserProgress(
  organisationId: number,
  options: { signal?: AbortSignal } = {},
): Promise<OrganiserProgress> {
  const wire = await api.get(`/organisation/${organisationId}/progress`, {
    schema: ZOrganiserProgress,
    signal: options.signal,
  });
  return {
    organisationName: wire.organisation_name,
    steps: wire.steps,
    events: wire.events,
    invitations: wire.invitations,
    members: wire.members,
  };
}

/** Always asked again on visit: the steps change on other pages. */
export function organiserProgressQueryOptions(organisationId: number) {
  return queryOptions({
    queryKey: queryKeys.organiserProgress(organisationId),
    queryFn: ({ signal }) => getOrganiserProgress(organisationId, { signal }),
    staleTime: 0,
  });
}
