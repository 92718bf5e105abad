import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MissingInvitationParams } from '@/components/feedback/missing-invitation-params';
import { PasswordInput } from '@/features/auth/components/password-input';
import { PasswordRulesList } from '@/features/auth/components/password-rules-list';
import { useIdentity } from '@/features/auth/hooks/use-identity';
import { InviteSponsorPage } from '@/features/invitations/components/invite-sponsor-page';
import { useLanguage } from '@/hooks/use-language';
import { searchString } from '@/lib/search-params';

export const Route = createFileRoute('/invite-sponsor/')({
  validateSearch: z.object({ token: searchString, email: searchString }),
  component: InviteSponsorRoute,
});

function InviteSponsorRoute() {
  const { token, email } = Route.useSearch();
  const identity = useIdentity();
  const [language] = useLanguage();
  if (!token || !email) return <MissingInvitationParams />;
  return (
    <InviteSponsorPage
      key={token}
      token={token}
      email={email}
      signUp={async (input) => {
        await identity.signUp({ ...input, language });
      }}
      PasswordRules={PasswordRulesList}
      PasswordInput={PasswordInput}
    />
  );
}
