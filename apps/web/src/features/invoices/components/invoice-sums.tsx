import type { InvoiceSumsWire } from '@sp/shared';
import { useLanguage } from '@/hooks/use-language';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { formatCents } from '../utils/money';

/**
 * Invoiced, paid and outstanding (and the overdue share): side by side on the invoices page
 * (`columns`), one under the other in the dashboard's narrow card, where three amounts would wrap.
 */
export function InvoiceSums({ sums, columns = false }: { sums: InvoiceSumsWire; columns?: boolean }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const figures = [
    ['invoiced', sums.invoiced_cents],
    ['paid', sums.paid_cents],
    ['outstanding', sums.outstanding_cents],
  ] as const;
  return (
    <div className="grid gap-2">
      <dl className={cn('grid gap-3', columns ? 'sm:grid-cols-3' : 'gap-1.5')}>
        {figures.map(([key, cents]) => (
          <div
            key={key}
            className={cn('flex min-w-0 gap-x-3', columns ? 'flex-col' : 'flex-wrap items-baseline justify-between')}
          >
            <dt className={cn('text-muted-foreground', columns ? 'text-xs' : 'text-sm')}>
              {t(`invoices.sums.${key}`)}
            </dt>
            <dd
              className={cn('font-bold whitespace-nowrap tabular-nums', columns ? 'text-2xl' : 'text-xl')}
              data-testid={`invoices-${key}`}
            >
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
