import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '@/features/team/components/team-page';

export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/team')({
  component: OrganizerTeamRoute,
});

function OrganizerTeamRoute() {
  const { sub } = Route.useRouteContext();
  return <TeamPage sub={sub} />;
}
