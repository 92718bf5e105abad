import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { OrganizerDashboardPage } from '@/features/organizer-dashboard/components/organizer-dashboard-page';
import { teamMembersQueryOptions } from '@/features/team/api/list-team-members';

export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/')({
  component: OrganizerDashboardRoute,
});

function OrganizerDashboardRoute() {
  const { organisationId } = Route.useRouteContext();
  // The layout has loaded the team already (never stale); a failed load shows a dash.
  const team = useQuery(teamMembersQueryOptions(organisationId));
  return <OrganizerDashboardPage organisationId={organisationId} teamSize={team.data?.length ?? null} />;
}
