import { createFileRoute } from '@tanstack/react-router';
import { OrganizerLayout } from '@/features/organizer-dashboard/components/organizer-layout';

/**
 * Layout of /dashboard/organizer and its children. Spec: it loads the user profile and team
 * members and redirects to / when the profile has no organisation; that loader comes with the
 * profile feature.
 */
export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer')({
  component: OrganizerLayout,
});
