import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ComingSoon } from '@/components/feedback/coming-soon';
import { searchString } from '@/lib/search-params';

export const Route = createFileRoute('/login/')({
  // Where to go after login; only same-origin paths are followed (safeRedirectPath).
  validateSearch: z.object({ redirect: searchString }),
  component: LoginRoute,
});

function LoginRoute() {
  return <ComingSoon page="login" />;
}
