import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/event/$name')({
  component: OrganizerEventRoute,
});

function OrganizerEventRoute() {
  const { name } = Route.useParams();
  return <ComingSoon page="organizerEvent" detail={name} />;
}
