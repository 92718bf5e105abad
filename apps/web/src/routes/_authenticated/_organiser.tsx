import { createFileRoute } from '@tanstack/react-router';
import { requireOrganiser } from '@/lib/auth';

/** Pathless layout: everything below needs the role veranstalter or beides (spec section 6). */
export const Route = createFileRoute('/_authenticated/_organiser')({
  beforeLoad: ({ context, location }) => requireOrganiser({ context, location }),
});
