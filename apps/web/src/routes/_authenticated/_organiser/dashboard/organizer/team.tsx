import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/team')({
  component: OrganizerTeamRoute,
});

function OrganizerTeamRoute() {
  return <ComingSoon page="organizerTeam" />;
}
