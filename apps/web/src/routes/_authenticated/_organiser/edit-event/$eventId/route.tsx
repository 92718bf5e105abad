import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { WorkspaceFrame } from '@/features/event-workspace/components/workspace-frame';
import { eventQueryOptions } from '@/features/events/api/get-event';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { EventFigureSums } from '@/features/events/components/event-figures';
import { EventLoadError, EventNotFound } from '@/features/events/components/event-status-views';
import { useFormat } from '@/hooks/use-format';
import { parseIdParam } from '@/lib/route-params';

/** /edit-event/{eventId}: the event's workspace (issue 58), its areas as child routes. */
export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId')({
  params: {
    parse: ({ eventId }) => ({ eventId: parseIdParam(eventId) }),
    stringify: ({ eventId }) => ({ eventId: String(eventId) }),
  },
  loader: ({ context, params }) => loadEventForEdit(context.queryClient, params.eventId),
  component: EventWorkspaceRoute,
  notFoundComponent: EventNotFound,
  errorComponent: EventLoadError,
});

function EventWorkspaceRoute() {
  const { eventId } = Route.useParams();
  const format = useFormat();
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventId));
  return (
    <WorkspaceFrame
      eventId={eventId}
      title={event.title}
      lead={[format.date(event.eventDate), event.location].filter(Boolean).join(' · ')}
      figures={<EventFigureSums event={event} className="shrink-0" />}
    >
      <Outlet />
    </WorkspaceFrame>
  );
}
