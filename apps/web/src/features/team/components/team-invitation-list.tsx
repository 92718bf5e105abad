import { useQuery } from '@tanstack/react-query';
import { CopyIcon, MailIcon, SendIcon, XCircleIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { TeamInvitationState, TeamInvitationWire } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { copyText } from '@/lib/clipboard';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import {
  teamInvitationsQueryOptions,
  useTeamInvitationAction,
  type TeamInvitationAction,
} from '../api/team-invitations';

const STATE_STYLE: Record<TeamInvitationState, string> = {
  pending: 'bg-primary/10 text-primary',
  accepted: 'bg-success/10 text-green-800',
  expired: 'bg-muted text-muted-foreground',
  revoked: 'bg-destructive/10 text-destructive',
};

/** Issue 21, point 5: the invitations with state and expiry; resend, copy a new link or revoke at any time. */
export function TeamInvitationList({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const invitations = useQuery(teamInvitationsQueryOptions(organisationId));
  const action = useTeamInvitationAction(organisationId);

  if (invitations.isPending) return <p className="text-sm text-muted-foreground">{t('common.loading')}</p>;
  if (invitations.isError) {
    return (
      <div role="alert" className="text-sm">
        <p className="text-destructive">{getErrorMessage(invitations.error, t)}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void invitations.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (invitations.data.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('team.invitations.empty')}</p>;
  }

  function run(invitation: TeamInvitationWire, kind: TeamInvitationAction): void {
    action.mutate(
      { id: invitation.id, action: kind },
      {
        onSuccess: async (url) => {
          if (kind === 'resend') toast.success(t('team.invitations.resent', { email: invitation.email }));
          else if (kind === 'revoke') toast.success(t('team.invitations.revoked', { email: invitation.email }));
          else if (url && (await copyText(url))) toast.success(t('team.invitations.linkCopied'));
          else toast.error(t('team.invite.copyFailed'));
        },
        onError: (error) => toast.error(t('team.invitations.failed', { message: getErrorMessage(error, t) })),
      },
    );
  }

  return (
    <ul className="divide-y divide-border rounded-lg border border-border" data-testid="team-invitations">
      {invitations.data.map((invitation) => (
        <TeamInvitationRow
          key={invitation.id}
          invitation={invitation}
          busy={action.isPending}
          onAction={(kind) => run(invitation, kind)}
        />
      ))}
    </ul>
  );
}

function TeamInvitationRow({
  invitation,
  busy,
  onAction,
}: {
  invitation: TeamInvitationWire;
  busy: boolean;
  onAction: (action: TeamInvitationAction) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { state } = invitation;
  const when =
    state === 'pending'
      ? t('team.invitations.validUntil', { date: format.dateTime(invitation.expires_at) })
      : state === 'expired'
        ? t('team.invitations.expiredOn', { date: format.dateTime(invitation.expires_at) })
        : state === 'revoked'
          ? t('team.invitations.revokedOn', { date: format.dateTime(invitation.revoked_at ?? invitation.expires_at) })
          : t('team.invitations.acceptedOn', {
              date: format.dateTime(invitation.accepted_at ?? invitation.created_at),
            });
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center" aria-label={invitation.email}>
      <span
        aria-hidden="true"
        className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground sm:flex"
      >
        <MailIcon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={invitation.email}>
          {invitation.email}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span className={cn('rounded-full px-2 py-0.5 font-medium', STATE_STYLE[state])}>
            {t(`team.invitations.states.${state}`)}
          </span>
          <span>{when}</span>
        </p>
      </div>
      {state !== 'accepted' ? (
        <div className="flex flex-wrap gap-1">
          <Button variant="outline" size="sm" disabled={busy} onClick={() => onAction('resend')}>
            <SendIcon aria-hidden="true" />
            {t('team.invitations.resend')}
          </Button>
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => onAction('link')}>
            <CopyIcon aria-hidden="true" />
            {t('team.invitations.copyLink')}
          </Button>
          {state !== 'revoked' ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:text-destructive"
              disabled={busy}
              onClick={() => onAction('revoke')}
            >
              <XCircleIcon aria-hidden="true" />
              {t('team.invitations.revoke')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
