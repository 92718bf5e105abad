import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { agreementSettingsQueryOptions } from '@/features/agreements/api/agreement-settings';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { EditEventPage } from '@/features/events/components/edit-event-page';

/** The event's own fields and PDF (needed only with the organiser's own agreement, not the generated one). */
export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId/settings')({
  loader: async ({ context, params }) => {
    await loadEventForEdit(context.queryClient, params.eventId);
    await context.queryClient.ensureQueryData(agreementSettingsQueryOptions(params.eventId));
  },
  component: SettingsRoute,
});

function SettingsRoute() {
  const { eventId } = Route.useParams();
  const { data: settings } = useSuspenseQuery(agreementSettingsQueryOptions(eventId));
  return <EditEventPage eventId={eventId} agreementMode={settings.mode} />;
}
