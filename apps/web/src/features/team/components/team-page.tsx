import { useSuspenseQuery } from '@tanstack/react-query';
import { Page } from '@/components/layout/page';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { userProfileQueryOptions } from '@/lib/profile/user-profile';
import { InviteMemberForm } from './invite-member-form';
import { OperatorLog } from './operator-log';
import { TeamInvitationList } from './team-invitation-list';
import { TeamMemberList } from './team-member-list';

const HOW_IT_WORKS = ['one', 'two', 'three'] as const;

/** Spec "Team page": the organisation's members, removal by owners, and e-mail invitations. */
export function TeamPage({ sub }: { sub: string }) {
  const { t } = useTranslation();
  const { data: profile } = useSuspenseQuery(userProfileQueryOptions(sub));
  const organisationId = profile.organisationId;
  if (organisationId === null) return null;

  return (
    <Page title={t('team.title')} lead={t('team.lead', { organisation: profile.organisationName ?? '' })} width="wide">
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="min-w-0 self-start">
          <CardHeader>
            <CardTitle>{t('team.members.title')}</CardTitle>
            <CardDescription>
              {profile.organisationRole === 'owner' ? t('team.members.ownerHint') : t('team.members.memberHint')}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <TeamMemberList
              organisationId={organisationId}
              currentUserId={profile.cognitoId}
              canManage={profile.organisationRole === 'owner'}
            />
          </CardContent>
          <CardHeader>
            <CardTitle>{t('team.invitations.title')}</CardTitle>
            <CardDescription>{t('team.invitations.lead')}</CardDescription>
          </CardHeader>
          <CardContent>
            <TeamInvitationList organisationId={organisationId} />
          </CardContent>
        </Card>
        <div className="grid min-w-0 content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{t('team.invite.title')}</CardTitle>
              <CardDescription>{t('team.invite.lead')}</CardDescription>
            </CardHeader>
            <CardContent>
              <InviteMemberForm organisationId={organisationId} />
            </CardContent>
          </Card>
          {profile.organisationRole === 'owner' ? (
            <Card>
              <CardHeader>
                <CardTitle>{t('team.operatorLog.title')}</CardTitle>
                <CardDescription>{t('team.operatorLog.lead')}</CardDescription>
              </CardHeader>
              <CardContent>
                <OperatorLog organisationId={organisationId} />
              </CardContent>
            </Card>
          ) : null}
          <section aria-labelledby="team-how-it-works" className="rounded-xl bg-muted/50 p-6">
            <h2 id="team-how-it-works" className="font-semibold">
              {t('team.howItWorks.title')}
            </h2>
            <ol className="mt-3 grid gap-3 text-sm">
              {HOW_IT_WORKS.map((step, index) => (
                <li key={step} className="flex gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
                  >
                    {index + 1}
                  </span>
                  <span>{t(`team.howItWorks.${step}`)}</span>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </Page>
  );
}
