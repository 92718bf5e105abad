import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '@/lib/auth';

/** Pathless layout: everything below needs a signed-in user (spec section 2, protected routes). */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => requireSignedIn({ context, location }),
});
