import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/reset-password/$email')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { email } = Route.useParams();
  return <ComingSoon page="resetPassword" detail={email} />;
}
