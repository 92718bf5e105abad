import { createFileRoute } from '@tanstack/react-router';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { EditEventPage } from '@/features/events/components/edit-event-page';

/** The event's own fields and PDF: the form the one-page event began with. */
export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId/settings')({
  loader: ({ context, params }) => loadEventForEdit(context.queryClient, params.eventId),
  component: SettingsRoute,
});

function SettingsRoute() {
  const { eventId } = Route.useParams();
  return <EditEventPage eventId={eventId} />;
}
