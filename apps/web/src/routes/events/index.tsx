import { createFileRoute, redirect } from '@tanstack/react-router';
import { EventsListPage } from '@/features/events/components/events-list-page';
import { SponsoredEventsPage, SponsoredEventsSection } from '@/features/sponsorships/components/sponsored-events-list';
import { isOrganiserRole, requireSignedIn } from '@/lib/auth';
import { userProfileQueryOptions } from '@/lib/profile/user-profile';

/**
 * The signed-in user's events: an organiser's are their organisation's (the organiser event list),
 * a sponsor's are the events they sponsor; role beides sees both.
 */
export const Route = createFileRoute('/events/')({
  beforeLoad: async ({ context, location }) => {
    await requireSignedIn({ context, location });
    const { user } = context.auth.getState();
    if (!user) throw redirect({ to: '/login/' });
    const profile = await context.queryClient.ensureQueryData(userProfileQueryOptions(user.sub));
    return { role: profile.role };
  },
  component: EventsRoute,
});

function EventsRoute() {
  const { role } = Route.useRouteContext();
  if (!isOrganiserRole(role)) return <SponsoredEventsPage />;
  return (
    <>
      <EventsListPage />
      {role === 'beides' ? <SponsoredEventsSection /> : null}
    </>
  );
}
