import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Building2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PendingView } from '@/components/feedback/pending-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getErrorMessage } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { clearPendingInvitation } from '@/lib/auth/pending-invitation';
import { useTranslation } from '@/lib/i18n';
import { Trans } from '@/lib/i18n/trans';
import { getUserProfile, homePathForRole, userProfileQueryOptions } from '@/lib/profile/user-profile';
import { acceptInvitation } from '../api/accept-invitation';
import { invitationQueryOptions } from '../api/get-invitation';
import { InvitationLoadError } from './invitation-status';
import { InviteSignUpForm, type InviteSignUpSlots } from './invite-sign-up-form';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** Spec "Invite": join an organisation from an e-mailed link, by signing up or, when signed in, accepting. */
export function InvitePage({ token, email, ...slots }: { token: string; email: string } & InviteSignUpSlots) {
  const { t } = useTranslation();
  const invitation = useQuery(invitationQueryOptions(token));
  const { user } = useAuth();
  useDocumentTitle(t('invitations.invite.title'));

  if (invitation.isPending) return <PendingView />;
  if (invitation.isError) {
    return <InvitationLoadError error={invitation.error} onRetry={() => void invitation.refetch()} />;
  }

  const invitePath = `/invite/?${new URLSearchParams({ token, email }).toString()}`;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardHeader className="items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <Building2Icon className="size-6" aria-hidden="true" />
          </span>
          <CardTitle className="text-2xl">{t('invitations.invite.title')}</CardTitle>
          <CardDescription>
            <Trans
              i18nKey="invitations.invite.lead"
              values={{ organisation: invitation.data.organisationName }}
              components={{ strong: <strong className="text-foreground" /> }}
            />
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {user ? (
            <SignedInAccept token={token} email={email} />
          ) : (
            <>
              <InviteSignUpForm email={email} token={token} {...slots} />
              <p className="text-center text-sm text-muted-foreground">
                {t('invitations.invite.hasAccount')}{' '}
                <Link to="/login/" search={{ redirect: invitePath, email }} className={linkClass}>
                  {t('invitations.invite.toLogin')}
                </Link>
              </p>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** A user who already has an account signs in (coming back here) and accepts with one click. */
function SignedInAccept({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  if (!user) return null;

  async function accept(): Promise<void> {
    if (!user) return;
    setPending(true);
    try {
      await acceptInvitation({ token, cognitoId: user.sub, email: user.email || email });
    } catch (error) {
      toast.error(t('invitations.invite.acceptFailed', { message: getErrorMessage(error, t) }));
      setPending(false);
      return;
    }
    clearPendingInvitation();
    const options = userProfileQueryOptions(user.sub);
    const profile = await getUserProfile(user.sub).catch(() => null);
    if (profile) queryClient.setQueryData(options.queryKey, profile);
    else await queryClient.invalidateQueries({ queryKey: options.queryKey });
    toast.success(t('invitations.invite.accepted'));
    await navigate({ to: homePathForRole(profile?.role ?? null) });
  }

  return (
    <div className="rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm">
      <p>{t('invitations.invite.signedInAs', { email: user.email })}</p>
      <Button className="mt-3 w-full" disabled={pending} onClick={() => void accept()}>
        {t('invitations.invite.accept')}
      </Button>
    </div>
  );
}
