import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/dashboard-sponsor')({
  component: SponsorDashboardRoute,
});

function SponsorDashboardRoute() {
  return <ComingSoon page="sponsorDashboard" />;
}
