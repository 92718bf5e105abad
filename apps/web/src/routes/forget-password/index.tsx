import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';
import { searchSchema, searchString } from '@/lib/search-params';

export const Route = createFileRoute('/forget-password/')({
  validateSearch: searchSchema({ email: searchString }),
  component: ForgetPasswordRoute,
});

function ForgetPasswordRoute() {
  const { email } = Route.useSearch();
  return <ForgotPasswordPage email={email} />;
}
