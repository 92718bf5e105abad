import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ReceiptTextIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { invoiceNumbersQueryOptions } from '../api/invoices';
import { InvoiceSums } from './invoice-sums';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** The organiser dashboard's invoices card: invoiced, paid and outstanding across all events. */
export function InvoicesCard({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const numbers = useQuery(invoiceNumbersQueryOptions(organisationId));
  const totals = numbers.data?.totals;
  return (
    <Card data-testid="invoices-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ReceiptTextIcon aria-hidden="true" className="size-5 text-primary" />
          {t('invoices.sums.card.title')}
        </CardTitle>
        <CardDescription>{t('invoices.sums.card.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {numbers.isPending ? (
          <p className="text-4xl font-bold text-muted-foreground" aria-busy="true">
            <span aria-hidden="true">…</span>
            <span className="sr-only">{t('common.loading')}</span>
          </p>
        ) : numbers.isError || !totals ? (
          <p className="text-sm text-destructive" role="alert">
            {t('organizer.dashboard.error', { message: getErrorMessage(numbers.error, t) })}
          </p>
        ) : totals.count === 0 && totals.invoiced_cents === 0 ? (
          <p className="text-sm text-muted-foreground">{t('invoices.sums.card.none')}</p>
        ) : (
          <InvoiceSums sums={totals} />
        )}
        <Link to="/dashboard/organizer/invoices" className={`${linkClass} text-sm`}>
          {t('invoices.sums.card.all')}
        </Link>
      </CardContent>
    </Card>
  );
}
