import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

export const Route = createFileRoute('/reset-password/$email')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { email } = Route.useParams();
  return <ResetPasswordPage key={email} email={email} />;
}
