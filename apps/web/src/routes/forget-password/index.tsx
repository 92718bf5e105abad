import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';
import { searchString } from '@/lib/search-params';

export const Route = createFileRoute('/forget-password/')({
  validateSearch: z.object({ email: searchString }),
  component: ForgetPasswordRoute,
});

function ForgetPasswordRoute() {
  const { email } = Route.useSearch();
  return <ForgotPasswordPage email={email} />;
}
