// Archiving, unarchiving and deleting an event (issue 21, point 4), and what deleting would remove.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZEvent, ZEventDeletionPreview, type EventDeletionPreview, type EventWire } from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /event/{id}/archive or /unarchive */
export function setEventArchived(eventId: number, archived: boolean): Promise<EventWire> {
  return api.post(`/event/${eventId}/${archived ? 'archive' : 'unarchive'}`, undefined, { schema: ZEvent });
}

/** GET /event/{id}/deletion: never cached, the confirmation names what is there now. */
export function eventDeletionQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: queryKeys.events.deletion(eventId),
    queryFn: ({ signal }): Promise<EventDeletionPreview> =>
      api.get(`/event/${eventId}/deletion`, { schema: ZEventDeletionPreview, signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** DELETE /event/{id}: final. */
export async function deleteEvent(eventId: number): Promise<void> {
  await api.delete(`/event/${eventId}`);
}

/** The lists, the event and the dashboard's tasks change with either. */
function useInvalidateEvents(organisationId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.organiserTasks(organisationId) }),
    ]);
}

export function useSetEventArchived(organisationId: number) {
  const invalidate = useInvalidateEvents(organisationId);
  return useMutation({
    mutationFn: ({ eventId, archived }: { eventId: number; archived: boolean }) => setEventArchived(eventId, archived),
    onSettled: invalidate,
  });
}

export function useDeleteEvent(organisationId: number) {
  const invalidate = useInvalidateEvents(organisationId);
  return useMutation({ mutationFn: deleteEvent, onSettled: invalidate });
}
