import type { DeliverableStatus } from '@sp/shared';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const TONES: Record<DeliverableStatus, string> = {
  open: 'bg-muted text-foreground',
  in_progress: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  done: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  waived: 'bg-muted text-muted-foreground line-through',
};

export function StatusBadge({ status, overdue }: { status: DeliverableStatus; overdue: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', TONES[status])}>
        {t(`fulfilment.status.${status}`)}
      </span>
      {overdue ? (
        <span className="rounded-full bg-destructive/10 px-2 py-0.5 text-xs font-medium text-destructive">
          {t('fulfilment.overdue')}
        </span>
      ) : null}
    </span>
  );
}
