import type { InvoiceSumsWire } from '@sp/shared';
import { useLanguage } from '@/hooks/use-language';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { formatCents } from '../utils/money';

/** Invoiced, paid and outstanding (and the overdue share), large: the dashboard card and the invoices page. */
export function InvoiceSums({ sums, className }: { sums: InvoiceSumsWire; className?: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const figures = [
    ['invoiced', sums.invoiced_cents],
    ['paid', sums.paid_cents],
    ['outstanding', sums.outstanding_cents],
  ] as const;
  return (
    <div className={cn('grid gap-2', className)}>
      <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-3">
        {figures.map(([key, cents]) => (
          <div key={key} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{t(`invoices.sums.${key}`)}</dt>
            <dd className="text-xl font-bold break-words tabular-nums" data-testid={`invoices-${key}`}>
              {formatCents(cents, language)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        {t('invoices.sums.count', { count: sums.count })}
        {sums.overdue_cents > 0 ? (
          <span className="font-medium text-destructive" data-testid="invoices-overdue">
            {' · '}
            {t('invoices.sums.overdue')}: {formatCents(sums.overdue_cents, language)}
          </span>
        ) : null}
      </p>
    </div>
  );
}
