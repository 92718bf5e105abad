import { createFileRoute } from '@tanstack/react-router';
import { MissingInvitationParams } from '@/components/feedback/missing-invitation-params';
import { PasswordInput } from '@/components/password/password-input';
import { NewPasswordHint } from '@/components/password/new-password-hint';
import { useIdentity } from '@/features/auth/hooks/use-identity';
import { InvitePage } from '@/features/invitations/components/invite-page';
import { useLanguage } from '@/hooks/use-language';
import { searchSchema, searchString } from '@/lib/search-params';

export const Route = createFileRoute('/invite/')({
  validateSearch: searchSchema({ token: searchString, email: searchString }),
  component: InviteRoute,
});

function InviteRoute() {
  const { token, email } = Route.useSearch();
  const identity = useIdentity();
  const [language] = useLanguage();
  if (!token || !email) return <MissingInvitationParams />;
  return (
    <InvitePage
      key={token}
      token={token}
      email={email}
      signUp={async (input) => {
        await identity.signUp({ ...input, language });
      }}
      PasswordRules={NewPasswordHint}
      PasswordInput={PasswordInput}
    />
  );
}
