import type { InvoiceWire } from '@sp/shared';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { badgeStatus, type InvoiceBadgeStatus } from '../utils/status';

const TONES: Record<InvoiceBadgeStatus, string> = {
  draft: 'bg-muted text-foreground',
  issued: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  partially_paid: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  paid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  overdue: 'bg-destructive/10 text-destructive',
  cancelled: 'bg-muted text-muted-foreground line-through',
};

/** Draft, issued, partially paid, paid, overdue or cancelled; a cancellation invoice says so beside it. */
export function InvoiceStatusBadge({
  invoice,
}: {
  invoice: Pick<InvoiceWire, 'status' | 'paid_cents' | 'outstanding_cents' | 'kind'>;
}) {
  const { t } = useTranslation();
  const status = badgeStatus(invoice);
  return (
    <span className="inline-flex flex-wrap gap-1">
      {invoice.kind === 'cancellation' ? (
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground">
          {t('invoices.kind.cancellation')}
        </span>
      ) : (
        <span
          className={cn('rounded-full px-2 py-0.5 text-xs font-medium', TONES[status])}
          data-testid="invoice-status"
        >
          {t(`invoices.status.${status}`)}
        </span>
      )}
    </span>
  );
}
