import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ComingSoon } from '@/components/feedback/coming-soon';
import { MissingInvitationParams } from '@/components/feedback/missing-invitation-params';
import { searchString } from '@/lib/search-params';

export const Route = createFileRoute('/invite-sponsor/')({
  validateSearch: z.object({ token: searchString, email: searchString }),
  component: InviteSponsorRoute,
});

function InviteSponsorRoute() {
  const { token, email } = Route.useSearch();
  if (!token || !email) return <MissingInvitationParams />;
  return <ComingSoon page="inviteSponsor" detail={email} />;
}
