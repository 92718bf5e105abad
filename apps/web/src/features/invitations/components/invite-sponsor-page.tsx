import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarHeartIcon, HandshakeIcon, MailOpenIcon, MessagesSquareIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { PendingView } from '@/components/feedback/pending-view';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
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
  registerHref: string;
}>;

/** Spec "Invite sponsor": thanks for the invitation's real event, the next steps, and the sign-up. */
export function InviteSponsorPage({
  token,
  email,
  NextSteps,
  ...slots
}: { token: string; email: string; NextSteps: SponsorNextStepsSlot } & InviteSignUpSlots) {
  const { t } = useTranslation();
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
        <p className="text-sm font-medium text-primary">{organisationName}</p>
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

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="sponsor-next-steps">
          <h2 id="sponsor-next-steps" className="mb-4 text-xl font-semibold tracking-tight">
            {t('invitations.sponsor.nextSteps')}
          </h2>
          {sponsorshipId !== null ? (
            <NextSteps sponsorshipId={sponsorshipId} token={token} email={email} registerHref="#sponsor-register" />
          ) : null}

          <h2 className="mt-10 text-xl font-semibold tracking-tight">{t('invitations.sponsor.howItWorks')}</h2>
          <ol className="mt-4 grid gap-4 sm:grid-cols-3">
            {EXPLAINER.map((item, index) => (
              <li key={item.id} className="flex flex-col items-center rounded-xl bg-muted/50 p-5 text-center">
                <span className="flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
                  <item.icon className="size-7" aria-hidden="true" />
                </span>
                <span className="mt-3 text-xs font-semibold text-muted-foreground">
                  {t('invitations.sponsor.stepLabel', { number: index + 1 })}
                </span>
                <p className="mt-1 text-sm">{t(`invitations.sponsor.explainer.${item.id}`)}</p>
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
