import { useQuery } from '@tanstack/react-query';
import { ArchiveIcon, ArchiveRestoreIcon, LoaderCircleIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { eventDeletionQueryOptions, useDeleteEvent, useSetEventArchived } from '../api/event-lifecycle';
import type { OrganiserEvent } from '../types';

/**
 * An event card's archive (undoable from the toast and the archive) and delete (final, after a
 * confirmation naming what goes) actions (issue 21, point 4).
 */
export function EventLifecycleActions({ event, organisationId }: { event: OrganiserEvent; organisationId: number }) {
  const { t } = useTranslation();
  const setArchived = useSetEventArchived(organisationId);
  const [confirming, setConfirming] = useState(false);
  const archived = event.archivedAt !== null;

  // mutateAsync: the card unmounts when the lists refresh (the event moves), and the toast must still show.
  async function changeArchived(to: boolean, undoable: boolean): Promise<void> {
    try {
      await setArchived.mutateAsync({ eventId: event.id, archived: to });
    } catch (error) {
      toast.error(t('events.lifecycle.failed', { message: getErrorMessage(error, t) }));
      return;
    }
    const message = t(to ? 'events.lifecycle.archivedToast' : 'events.lifecycle.unarchivedToast', {
      title: event.title,
    });
    toast.success(
      message,
      undoable
        ? { action: { label: t('events.lifecycle.undo'), onClick: () => void changeArchived(!to, false) } }
        : undefined,
    );
  }

  return (
    <div className="relative z-10 flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={setArchived.isPending}
        aria-label={t(archived ? 'events.lifecycle.unarchiveLabel' : 'events.lifecycle.archiveLabel', {
          title: event.title,
        })}
        onClick={() => void changeArchived(!archived, true)}
      >
        {archived ? <ArchiveRestoreIcon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />}
        {t(archived ? 'events.lifecycle.unarchive' : 'events.lifecycle.archive')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:text-destructive"
        aria-label={t('events.lifecycle.deleteLabel', { title: event.title })}
        onClick={() => setConfirming(true)}
      >
        <Trash2Icon aria-hidden="true" />
        {t('events.lifecycle.delete')}
      </Button>
      {confirming ? (
        <DeleteEventDialog event={event} organisationId={organisationId} onClose={() => setConfirming(false)} />
      ) : null}
    </div>
  );
}

function DeleteEventDialog({
  event,
  organisationId,
  onClose,
}: {
  event: OrganiserEvent;
  organisationId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const preview = useQuery(eventDeletionQueryOptions(event.id));
  const remove = useDeleteEvent(organisationId);

  async function confirm(): Promise<void> {
    try {
      await remove.mutateAsync(event.id);
    } catch (error) {
      toast.error(t('events.lifecycle.failed', { message: getErrorMessage(error, t) }));
      void preview.refetch();
      return;
    }
    toast.success(t('events.lifecycle.deleted', { title: event.title }));
    onClose();
  }

  const facts = preview.data;
  return (
    <AlertDialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('events.lifecycle.deleteTitle', { title: event.title })}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2 text-sm">
              {preview.isPending ? (
                <p role="status" className="flex items-center gap-2">
                  <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
                  {t('events.lifecycle.deleteLoading')}
                </p>
              ) : preview.isError ? (
                <p role="alert">{t('events.lifecycle.failed', { message: getErrorMessage(preview.error, t) })}</p>
              ) : facts && !facts.deletable ? (
                <p role="alert">{t('events.lifecycle.deleteBlocked', { count: facts.blocking_sponsorships })}</p>
              ) : facts ? (
                <>
                  <p>{t('events.lifecycle.deleteRemoves')}</p>
                  <ul className="list-disc pl-5" data-testid="delete-event-facts">
                    <li>{t('events.lifecycle.deleteInvitations', { count: facts.invitations })}</li>
                    <li>{t('events.lifecycle.deletePackages', { count: facts.packages })}</li>
                    <li>{t('events.lifecycle.deleteFiles', { count: facts.files })}</li>
                  </ul>
                  <p className="font-medium text-foreground">{t('events.lifecycle.deleteFinal')}</p>
                </>
              ) : null}
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{t('events.lifecycle.cancel')}</AlertDialogCancel>
          {facts?.deletable ? (
            <Button variant="destructive" disabled={remove.isPending} onClick={() => void confirm()}>
              {remove.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {t('events.lifecycle.confirmDelete')}
            </Button>
          ) : null}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
