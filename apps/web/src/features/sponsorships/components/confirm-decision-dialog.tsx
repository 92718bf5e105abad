import type { ReactNode } from 'react';
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
import { useTranslation } from '@/lib/i18n';

/**
 * A decision that cannot be undone (decline, withdraw), asked once more before it is sent; `tone`
 * 'default' for one that does no harm but should not happen by a slip (reminding many sponsors).
 */
export function ConfirmDecisionDialog({
  tone = 'destructive',
  trigger,
  title,
  text,
  confirm,
  pending,
  open,
  onOpenChange,
  onConfirm,
}: {
  tone?: 'destructive' | 'default';
  trigger: ReactNode;
  title: string;
  text: string;
  confirm: string;
  pending: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{text}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t('sponsorships.actions.cancel')}</AlertDialogCancel>
          <Button variant={tone} disabled={pending} onClick={onConfirm}>
            {confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
