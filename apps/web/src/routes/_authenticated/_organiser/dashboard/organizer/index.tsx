import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/')({
  component: OrganizerDashboardRoute,
});

function OrganizerDashboardRoute() {
  return <ComingSoon page="organizerDashboard" />;
}
