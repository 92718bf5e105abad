import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/components/login-page';
import { searchSchema, searchString } from '@/lib/search-params';

export const Route = createFileRoute('/login/')({
  // redirect: where to go after login (only same-origin paths are followed, see safeRedirectPath);
  // email: prefilled after verifying or resetting the password.
  validateSearch: searchSchema({ redirect: searchString, email: searchString }),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect, email } = Route.useSearch();
  return <LoginPage key={email} email={email} redirect={redirect} />;
}
