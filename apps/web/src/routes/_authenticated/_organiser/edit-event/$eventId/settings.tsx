import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { agreementSettingsQueryOptions } from '@/features/agreements/api/agreement-settings';
import { eventQueryOptions } from '@/features/events/api/get-event';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { EditEventPage } from '@/features/events/components/edit-event-page';
import { NextEditionCard } from '@/features/renewals/components/next-edition-card';

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
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventId));
  return (
    <>
      <EditEventPage eventId={eventId} agreementMode={settings.mode} />
      <div className="mx-auto w-full max-w-5xl px-4 pb-10 sm:px-6">
        <NextEditionCard
          event={{ id: event.id, title: event.title, event_date: event.eventDate, location: event.location }}
        />
      </div>
    </>
  );
}
