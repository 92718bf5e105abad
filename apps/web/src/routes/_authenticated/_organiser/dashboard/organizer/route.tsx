import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrganizerLayout } from '@/features/organizer-dashboard/components/organizer-layout';
import { teamMembersQueryOptions } from '@/features/team/api/list-team-members';
import { userProfileQueryOptions } from '@/lib/profile/user-profile';

/**
 * Layout of /dashboard/organizer and its children: loads the user profile, starts loading the team
 * members, and sends a profile without an organisation to / (spec section 2).
 */
export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer')({
  beforeLoad: async ({ context }) => {
    const { user } = context.auth.getState();
    if (!user) throw redirect({ to: '/login/' });
    const profile = await context.queryClient.ensureQueryData(userProfileQueryOptions(user.sub));
    if (profile.organisationId === null) throw redirect({ to: '/' });
    return { sub: user.sub, organisationId: profile.organisationId };
  },
  // Not awaited: the page renders its frame while the list is on its way (the team card and the
  // team page show their own pending state); a failed list is shown there, not as a broken dashboard.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(teamMembersQueryOptions(context.organisationId));
  },
  component: OrganizerLayout,
});
