import { createFileRoute } from '@tanstack/react-router';
import { VerifyPage } from '@/features/auth/components/verify-page';
import { searchBoolean, searchSchema, searchString } from '@/lib/search-params';

export const Route = createFileRoute('/verify/$email')({
  // Spec: invited=true with a token confirms an invited sign-up; both are optional.
  validateSearch: searchSchema({ invited: searchBoolean, token: searchString }),
  component: VerifyRoute,
});

function VerifyRoute() {
  const { email } = Route.useParams();
  const { invited, token } = Route.useSearch();
  return <VerifyPage key={email} email={email} invited={invited} token={token} />;
}
