import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/_authenticated/profile/')({
  component: ProfileRoute,
});

function ProfileRoute() {
  return <ComingSoon page="profile" />;
}
