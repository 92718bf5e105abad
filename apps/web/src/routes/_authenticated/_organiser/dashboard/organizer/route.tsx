import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrganizerLayout } from '@/features/organizer-dashboard/components/organizer-layout';
import { teamMembersQueryOptions } from '@/features/team/api/list-team-members';
import { userProfileQueryOptions } from '@/lib/profile/user-profile';

/**
 * Layout of /dashboard/organizer and its children: loads the user profile and the team members,
 * and sends a profile without an organisation to / (spec section 2).
 */
export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer')({
  beforeLoad: async ({ context }) => {
    const { user } = context.auth.getState();
    if (!user) throw redirect({ to: '/login/' });
    const profile = await context.queryClient.ensureQueryData(userProfileQueryOptions(user.sub));
    if (profile.organisationId === null) throw redirect({ to: '/' });
    return { sub: user.sub, organisationId: profile.organisationId };
  },
  // A failed member list is shown on the team page itself, not as a broken dashboard.
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(teamMembersQueryOptions(context.organisationId)).then(
      () => undefined,
      () => undefined,
    ),
  component: OrganizerLayout,
});
