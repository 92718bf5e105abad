import { createFileRoute } from '@tanstack/react-router';
import { OrganiserCalendarFeeds } from '@/features/calendar-feeds/components/calendar-feed-card';
import { TeamPage } from '@/features/team/components/team-page';

export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/team')({
  component: OrganizerTeamRoute,
});

function OrganizerTeamRoute() {
  const { sub } = Route.useRouteContext();
  return (
    <>
      <TeamPage sub={sub} />
      <div className="mx-auto w-full max-w-6xl px-4 pb-8 sm:px-6 sm:pb-12">
        <OrganiserCalendarFeeds />
      </div>
    </>
  );
}
