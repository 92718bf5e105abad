import { createFileRoute } from '@tanstack/react-router';
import { EventsListPage } from '@/features/events/components/events-list-page';
import { EventNumbers } from '@/features/packages/components/event-numbers';

export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/events')({
  component: EventsListRoute,
});

function EventsListRoute() {
  return <EventsListPage Extras={EventNumbers} />;
}
