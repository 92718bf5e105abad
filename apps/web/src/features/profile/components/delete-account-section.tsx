import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { TriangleAlertIcon } from 'lucide-react';
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
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useRuntimeConfig } from '@/config/runtime-config-provider';
import { useAuthStore } from '@/lib/auth';
import { useTranslation } from '@/lib/i18n';
import { useDeleteUserProfile } from '../api/delete-user-profile';

/** 'Konto kündigen': confirm, delete the account, end the session here and go to the login. */
export function DeleteAccountSection({ sub }: { sub: string }) {
  const { t } = useTranslation();
  const auth = useAuthStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deletion = useDeleteUserProfile(sub, useRuntimeConfig());
  const [open, setOpen] = useState(false);

  async function confirm(): Promise<void> {
    try {
      await deletion.mutateAsync();
    } catch {
      toast.error(t('profile.errors.delete'));
      setOpen(false);
      return;
    }
    await auth.signOut();
    queryClient.clear();
    toast.success(t('profile.account.deleted'));
    await navigate({ to: '/login/' });
  }

  return (
    <section
      aria-labelledby="account-heading"
      className="mt-10 flex flex-col gap-4 rounded-xl border border-destructive/30 bg-red-50/40 p-6 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-col gap-1">
        <h2 id="account-heading" className="text-lg font-semibold tracking-tight">
          {t('profile.account.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('profile.account.description')}</p>
      </div>
      <AlertDialog open={open} onOpenChange={(next) => !deletion.isPending && setOpen(next)}>
        <AlertDialogTrigger asChild>
          <Button variant="destructive" className="shrink-0">
            {t('profile.account.delete')}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <span className="flex size-10 items-center justify-center rounded-full bg-red-100 text-destructive">
              <TriangleAlertIcon className="size-5" aria-hidden="true" />
            </span>
            <AlertDialogTitle>{t('profile.account.confirmTitle')}</AlertDialogTitle>
            <AlertDialogDescription>{t('profile.account.confirmText')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deletion.isPending}>{t('profile.account.cancel')}</AlertDialogCancel>
            <Button variant="destructive" disabled={deletion.isPending} onClick={() => void confirm()}>
              {deletion.isPending ? t('profile.account.deleting') : t('profile.account.confirm')}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
