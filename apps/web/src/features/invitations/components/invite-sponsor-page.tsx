import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarHeartIcon, HandshakeIcon, MailOpenIcon, MessagesSquareIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { PendingView } from '@/components/feedback/pending-view';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isSignedIn, useAuth } from '@/lib/auth';
import { useUnreadSummary } from '@/lib/chat';
import { useTranslation } from '@/lib/i18n';
import { Trans } from '@/lib/i18n/trans';
import { invitationQueryOptions } from '../api/get-invitation';
import { InvitationLoadError } from './invitation-status';
import { InviteSignUpForm, type InviteSignUpSlots } from './invite-sign-up-form';

const EXPLAINER = [
  { id: 'invite', icon: MailOpenIcon },
  { id: 'agree', icon: HandshakeIcon },
  { id: 'event', icon: CalendarHeartIcon },
] as const;

/** The sponsor's next steps for their sponsorship, given by the route (they belong to features/sponsorships). */
export type SponsorNextStepsSlot = ComponentType<{
  sponsorshipId: number;
  token: string;
  email: string;
}>;

/** Spec "Invite sponsor": thanks for the invitation's real event, the next steps, and the sign-up. */
export function InviteSponsorPage({
  token,
  email,
  NextSteps,
  ...slots
}: { token: string; email: string; NextSteps: SponsorNextStepsSlot } & InviteSignUpSlots) {
  const { t } = useTranslation();
  const signedIn = isSignedIn(useAuth().status);
  const invitation = useQuery(invitationQueryOptions(token));
  // The link is the sponsor's guest access: their unread messages from the organisation.
  const unread = useUnreadSummary({ guest: { token, email } }, { enabled: invitation.isSuccess });
  useDocumentTitle(t('invitations.sponsor.title'));

  if (invitation.isPending) return <PendingView />;
  if (invitation.isError) {
    return <InvitationLoadError error={invitation.error} onRetry={() => void invitation.refetch()} />;
  }
  const { organisationName, eventTitle, sponsorshipId } = invitation.data;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="max-w-3xl">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-primary">{organisationName}</p>
          {/* Signed out, the public header holds the switch (one on the page). */}
          {signedIn ? <LanguageSwitch /> : null}
        </div>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {t('invitations.sponsor.title')}
        </h1>
        <p className="mt-3 text-base text-muted-foreground sm:text-lg">
          <Trans
            i18nKey={eventTitle ? 'invitations.sponsor.leadEvent' : 'invitations.sponsor.lead'}
            values={{ organisation: organisationName, event: eventTitle ?? '' }}
            components={{ strong: <strong className="text-foreground" /> }}
          />
        </p>
        <Link
          to="/chats-sponsor/"
          search={{ token, email }}
          className="mt-4 inline-flex items-center gap-2 rounded-lg border border-border bg-card px-4 py-2 text-sm font-medium shadow-sm hover:bg-accent"
        >
          <MessagesSquareIcon aria-hidden="true" className="size-4 text-primary" />
          {t('invitations.sponsor.messages')}
          {unread && unread.unread_messages > 0 ? (
            <span
              className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground tabular-nums"
              aria-label={t('invitations.sponsor.unread', { count: unread.unread_messages })}
              data-testid="sponsor-unread-badge"
            >
              {unread.unread_messages}
            </span>
          ) : null}
        </Link>
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="sponsor-next-steps" className="min-w-0">
          <h2 id="sponsor-next-steps" className="mb-4 text-xl font-semibold tracking-tight">
            {t('invitations.sponsor.nextSteps')}
          </h2>
          {sponsorshipId !== null ? <NextSteps sponsorshipId={sponsorshipId} token={token} email={email} /> : null}

          <h2 className="mt-8 text-base font-semibold tracking-tight">{t('invitations.sponsor.howItWorks')}</h2>
          <ol className="mt-3 grid gap-2 sm:grid-cols-3">
            {EXPLAINER.map((item) => (
              <li key={item.id} className="flex items-start gap-3 rounded-lg bg-muted/50 p-3 text-sm">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  <item.icon className="size-4" aria-hidden="true" />
                </span>
                <span className="self-center">{t(`invitations.sponsor.explainer.${item.id}`)}</span>
              </li>
            ))}
          </ol>
        </section>

        <Card id="sponsor-register" className="self-start">
          <CardHeader>
            <CardTitle>{t('invitations.sponsor.registerTitle')}</CardTitle>
            <CardDescription>{t('invitations.sponsor.registerLead')}</CardDescription>
          </CardHeader>
          <CardContent>
            <InviteSignUpForm email={email} token={token} {...slots} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
