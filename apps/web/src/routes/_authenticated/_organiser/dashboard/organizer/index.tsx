import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { organiserTasksQueryOptions } from '@/features/organizer-dashboard/api/get-tasks';
import { InvoicesCard } from '@/features/invoices/components/invoices-card';
import { OrganizerDashboardPage } from '@/features/organizer-dashboard/components/organizer-dashboard-page';
import { SponsoringCard } from '@/features/packages/components/sponsoring-card';
import { teamMembersQueryOptions } from '@/features/team/api/list-team-members';
import { unreadSummaryQueryOptions } from '@/lib/chat';

export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/')({
  // The open tasks are the page's largest content: their request starts with the layout's, not
  // once the page has rendered, and so does the unanswered-messages count. Not awaited: the cards
  // show their own pending state meanwhile.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(organiserTasksQueryOptions(context.organisationId));
    void context.queryClient.prefetchQuery(unreadSummaryQueryOptions('bearer'));
  },
  component: OrganizerDashboardRoute,
});

function OrganizerDashboardRoute() {
  const { organisationId } = Route.useRouteContext();
  // The layout's loader has started the request; a failed load shows a dash.
  const team = useQuery(teamMembersQueryOptions(organisationId));
  return (
    <OrganizerDashboardPage
      organisationId={organisationId}
      teamSize={team.isPending ? 'pending' : (team.data?.length ?? null)}
      extraCards={
        <>
          <SponsoringCard organisationId={organisationId} />
          <InvoicesCard organisationId={organisationId} />
        </>
      }
    />
  );
}
