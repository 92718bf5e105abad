import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/events')({
  component: OrganizerEventsRoute,
});

function OrganizerEventsRoute() {
  return <ComingSoon page="organizerEvents" />;
}
