import { useQuery } from '@tanstack/react-query';
import { Trash2Icon, UserIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { teamMembersQueryOptions, type TeamMember } from '../api/list-team-members';
import { useRemoveTeamMember } from '../api/remove-team-member';

export function TeamMemberList({
  organisationId,
  currentUserId,
  canManage,
}: {
  organisationId: number;
  currentUserId: string;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const members = useQuery(teamMembersQueryOptions(organisationId));
  const remove = useRemoveTeamMember(organisationId);
  const [pending, setPending] = useState<TeamMember | null>(null);

  if (members.isPending) {
    return <p className="text-sm text-muted-foreground">{t('common.loading')}</p>;
  }
  if (members.isError) {
    return (
      <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
        <p className="font-medium text-destructive">{t('team.members.loadError')}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void members.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  const ownerCount = members.data.filter((member) => member.organisationRole === 'owner').length;

  function confirmRemove(member: TeamMember): void {
    remove.mutate(member.cognitoId, {
      onSuccess: () => {
        toast.success(t('team.members.removed'));
        setPending(null);
      },
      onError: (error) => {
        toast.error(t('team.members.removeFailed', { message: getErrorMessage(error, t) }));
        setPending(null);
      },
    });
  }

  return (
    <>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {members.data.map((member) => {
          const isLastOwner = member.organisationRole === 'owner' && ownerCount <= 1;
          const removable = canManage && !isLastOwner;
          return (
            <li key={member.cognitoId} className="flex items-center gap-3 px-4 py-3">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
              >
                <UserIcon className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={member.email}>
                  {member.email}
                </p>
                <p className="text-xs text-muted-foreground">
                  <span
                    className={cn(
                      'inline-block rounded-full px-2 py-0.5 font-medium',
                      member.organisationRole === 'owner' ? 'bg-primary/10 text-primary' : 'bg-muted',
                    )}
                  >
                    {member.organisationRole === 'owner' ? t('team.members.owner') : t('team.members.member')}
                  </span>
                  {member.cognitoId === currentUserId ? <span className="ml-2">{t('team.members.you')}</span> : null}
                </p>
              </div>
              {removable ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('team.members.removeLabel', { email: member.email })}
                  onClick={() => setPending(member)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <AlertDialog open={pending !== null} onOpenChange={(open) => (open ? undefined : setPending(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('team.members.confirmTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('team.members.confirmText', { email: pending?.email ?? '' })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{t('team.members.cancel')}</AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => (pending ? confirmRemove(pending) : undefined)}
            >
              {t('team.members.confirmRemove')}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
