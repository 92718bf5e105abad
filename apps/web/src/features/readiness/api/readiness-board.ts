// The readiness board of an event (GET /events/{id}/readiness), its chase (POST .../chase, preview
// with dry_run) and the notice log (GET .../notices); the board across the organisation's upcoming
// events (GET /readiness) and its chase (POST /readiness/chase).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  decodeOrganisationReadiness,
  decodeReadinessBoard,
  ZChaseResponse,
  ZOrganisationReadinessResponse,
  ZReadinessBoardResponse,
  ZReadinessNoticesResponse,
  type ChaseRequest,
} from '@sp/shared';
import { api } from '@/lib/api-client';
import { readinessBoardPath, readinessNoticesPath } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

const readinessKey = queryKeys.readiness.event;

export function readinessBoardQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: [...readinessKey(eventId), 'board'],
    // The lean wire (decision 096) decoded once per answer into rows of cells by column.
    queryFn: async ({ signal }) =>
      decodeReadinessBoard(await api.get(readinessBoardPath(eventId), { schema: ZReadinessBoardResponse, signal })),
    staleTime: 30_000,
  });
}

export function readinessNoticesQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: [...readinessKey(eventId), 'notices'],
    queryFn: ({ signal }) =>
      api.get(readinessNoticesPath(eventId), { schema: ZReadinessNoticesResponse, signal }),
    staleTime: 10_000,
  });
}

export function organisationReadinessQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.readiness.organisation,
    queryFn: async ({ signal }) =>
      decodeOrganisationReadiness(await api.get('/readiness', { schema: ZOrganisationReadinessResponse, signal })),
    staleTime: 30_000,
  });
}

/** A chase from an event's board, or (eventId null) from the board across events. */
export function useChase(eventId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChaseRequest) =>
      api.request(eventId === null ? '/readiness/chase' : `/events/${eventId}/readiness/chase`, {
        method: 'POST',
        body,
        schema: ZChaseResponse,
      }),
    // Both boards show the chasers: either chase refreshes every readiness view.
    onSettled: (_data, _error, body) =>
      body.dry_run ? undefined : queryClient.invalidateQueries({ queryKey: queryKeys.readiness.all }),
  });
}
