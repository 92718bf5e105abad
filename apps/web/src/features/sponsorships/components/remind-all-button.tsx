import { LoaderCircleIcon, MailIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { remindSponsor } from '../api/remind-sponsor';
import type { Sponsorship } from '../api/sponsorship';
import { ConfirmDecisionDialog } from './confirm-decision-dialog';

/** Sponsors who have not signed yet: their invitation can be sent again. */
export const isWaiting = (s: Sponsorship) => s.status === 'invited' || s.status === 'downloaded';

/**
 * Sends the invitation again to every listed sponsor who has not signed (asked once more first), one
 * after the other; those invited within the hour are skipped by the server's rule and counted.
 */
export function RemindAllButton({ sponsorships }: { sponsorships: Sponsorship[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const waiting = sponsorships.filter(isWaiting);
  if (waiting.length < 2) return null;

  const remindAll = async () => {
    let sent = 0;
    let skipped = 0;
    let failed: unknown = null;
    let failures = 0;
    setProgress(0);
    for (const [index, sponsorship] of waiting.entries()) {
      try {
        await remindSponsor(sponsorship.id);
        sent++;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'invitation.sent-recently') skipped++;
        else {
          failures++;
          failed = error;
        }
      }
      setProgress(index + 1);
    }
    setProgress(null);
    setOpen(false);
    toast.success(t('sponsorships.remindAll.done', { sent: String(sent), skipped: String(skipped) }));
    if (failures > 0) {
      toast.error(t('sponsorships.remindAll.failed', { count: failures, message: getErrorMessage(failed, t) }));
    }
  };

  const pending = progress !== null;
  return (
    <ConfirmDecisionDialog
      tone="default"
      open={open}
      onOpenChange={(next) => !pending && setOpen(next)}
      pending={pending}
      title={t('sponsorships.remindAll.title', { count: waiting.length })}
      text={t('sponsorships.remindAll.text')}
      confirm={
        pending
          ? t('sponsorships.remindAll.progress', { done: String(progress), total: String(waiting.length) })
          : t('sponsorships.remindAll.confirm')
      }
      onConfirm={() => void remindAll()}
      trigger={
        <Button size="sm" variant="outline">
          {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <MailIcon aria-hidden="true" />}
          {t('sponsorships.remindAll.action', { count: waiting.length })}
        </Button>
      }
    />
  );
}
