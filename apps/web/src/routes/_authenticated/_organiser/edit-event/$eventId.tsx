import { createFileRoute } from '@tanstack/react-router';
import { loadEventForEdit } from '@/features/events/api/load-event';
import { EditEventPage } from '@/features/events/components/edit-event-page';
import { EventLoadError, EventNotFound } from '@/features/events/components/event-status-views';
import { InviteSponsorCard } from '@/features/invitations/components/invite-sponsor-card';
import { EventSponsorshipsCard } from '@/features/sponsorships/components/event-sponsorships-card';
import { parseIdParam } from '@/lib/route-params';

export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId')({
  params: {
    parse: ({ eventId }) => ({ eventId: parseIdParam(eventId) }),
    stringify: ({ eventId }) => ({ eventId: String(eventId) }),
  },
  loader: ({ context, params }) => loadEventForEdit(context.queryClient, params.eventId),
  component: EditEventRoute,
  notFoundComponent: EventNotFound,
  errorComponent: EventLoadError,
});

function EditEventRoute() {
  const { eventId } = Route.useParams();
  return (
    <>
      <EditEventPage eventId={eventId} />
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 pb-10 sm:px-6">
        <EventSponsorshipsCard eventId={eventId} />
        <InviteSponsorCard eventId={eventId} />
      </div>
    </>
  );
}
