// The organisers' packages of an event: GET /event/{id}/packages and the changes to them (create,
// edit, archive, delete, reorder, copy). Every change refetches the event's list.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZListPackagesResponse, ZPackage, type SavePackageRequest } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function eventPackagesQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: queryKeys.packages.ofEvent(eventId),
    queryFn: ({ signal }) => api.get(`/event/${eventId}/packages`, { schema: ZListPackagesResponse, signal }),
  });
}

type Change =
  | { kind: 'create'; body: SavePackageRequest }
  | { kind: 'update'; id: number; body: SavePackageRequest }
  | { kind: 'archive'; id: number; archived: boolean }
  | { kind: 'delete'; id: number }
  | { kind: 'reorder'; ids: number[] }
  | { kind: 'copy'; fromEventId: number };

export async function changePackages(eventId: number, change: Change): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return api.post(`/event/${eventId}/packages`, change.body, { schema: ZPackage });
    case 'update':
      return api.put(`/packages/${change.id}`, change.body, { schema: ZPackage });
    case 'archive':
      return api.post(`/packages/${change.id}/archive`, { archived: change.archived }, { schema: ZPackage });
    case 'delete':
      return api.delete(`/packages/${change.id}`);
    case 'reorder':
      return api.put(
        `/event/${eventId}/packages/order`,
        { package_ids: change.ids },
        { schema: ZListPackagesResponse },
      );
    case 'copy':
      return api.post(
        `/event/${eventId}/packages/copy`,
        { from_event_id: change.fromEventId },
        { schema: ZListPackagesResponse },
      );
  }
}

export function useChangePackages(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => changePackages(eventId, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventPackagesQueryOptions(eventId).queryKey }),
  });
}
