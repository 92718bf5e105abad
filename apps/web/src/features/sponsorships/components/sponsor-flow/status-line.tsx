import { UndoIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { useChangeSponsorshipStatus } from '../../api/change-sponsorship';
import { isOpen, type SponsorViewer, type Sponsorship } from '../../api/sponsorship';
import { ConfirmDecisionDialog } from '../confirm-decision-dialog';
import { StatusBadge } from '../status-badge';

/** The sponsor steps back from an open sponsorship, after one more question. */
function WithdrawAction({ sponsorshipId, viewer }: { sponsorshipId: number; viewer: SponsorViewer }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const withdraw = useChangeSponsorshipStatus(viewer);
  return (
    <ConfirmDecisionDialog
      open={open}
      onOpenChange={setOpen}
      pending={withdraw.isPending}
      title={t('sponsorships.confirmWithdraw.title')}
      text={t('sponsorships.confirmWithdraw.text')}
      confirm={t('sponsorships.confirmWithdraw.confirm')}
      onConfirm={() =>
        withdraw.mutate(
          { id: sponsorshipId, status: 'withdrawn' },
          {
            onSuccess: () => {
              setOpen(false);
              toast.success(t('sponsorships.done.withdrawn'));
            },
            onError: (error) => toast.error(t('sponsorships.errors.change', { message: getErrorMessage(error, t) })),
          },
        )
      }
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive" disabled={withdraw.isPending}>
          <UndoIcon aria-hidden="true" />
          {t('sponsorships.actions.withdraw')}
        </Button>
      }
    />
  );
}

/**
 * The sponsorship's status above its steps (unless the page shows it already, as the dashboard's
 * card does), how far the steps are, and withdrawing while it is open.
 */
export function StatusLine({
  sponsorship,
  viewer,
  progress,
  withStatus,
}: {
  sponsorship: Sponsorship;
  viewer: SponsorViewer;
  progress: string | null;
  withStatus: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {withStatus ? (
          <>
            <span className="text-muted-foreground">{t('sponsorships.statusLabel')}</span>
            <StatusBadge sponsorship={sponsorship} />
          </>
        ) : null}
        {progress ? <span className="text-muted-foreground">{progress}</span> : null}
      </p>
      {isOpen(sponsorship.status) ? <WithdrawAction sponsorshipId={sponsorship.id} viewer={viewer} /> : null}
    </div>
  );
}
