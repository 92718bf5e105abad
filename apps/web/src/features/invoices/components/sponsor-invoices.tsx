import { useQuery } from '@tanstack/react-query';
import { LoaderCircleIcon, ReceiptTextIcon } from 'lucide-react';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { sponsorshipInvoicesQueryOptions, type InvoiceViewer } from '../api/invoices';
import { formatCents } from '../utils/money';
import { InvoiceDownloads } from './invoice-downloads';
import { InvoicePayment, isPayable } from './invoice-payment';
import { InvoiceStatusBadge } from './invoice-status-badge';

/**
 * The sponsor's invoices of one sponsorship (by the invitation link or their account): number,
 * date, amount, status, how to pay what is open, and the files. Nothing is shown before the first
 * invoice is issued.
 */
export function SponsorInvoices({ sponsorshipId, viewer }: { sponsorshipId: number; viewer: InvoiceViewer }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const invoices = useQuery(sponsorshipInvoicesQueryOptions(sponsorshipId, viewer));

  if (invoices.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('invoices.loading')}
      </p>
    );
  }
  if (invoices.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        {t('invoices.loadFailed', { message: getErrorMessage(invoices.error, t) })}
      </p>
    );
  }
  if (invoices.data.length === 0) return null;

  return (
    <section
      className="flex flex-col gap-3"
      aria-labelledby={`sponsor-invoices-${sponsorshipId}`}
      data-testid="sponsor-invoices"
    >
      <div>
        <h2 id={`sponsor-invoices-${sponsorshipId}`} className="flex items-center gap-2 text-lg font-semibold">
          <ReceiptTextIcon className="size-5 text-primary" aria-hidden="true" />
          {t('invoices.sponsor.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('invoices.sponsor.lead')}</p>
      </div>
      <ul className="flex flex-col gap-3">
        {invoices.data.map((invoice) => (
          <li
            key={invoice.id}
            className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm"
            data-testid="sponsor-invoice"
          >
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
              <div className="min-w-0">
                <dt className="text-xs text-muted-foreground">{t('invoices.sponsor.number')}</dt>
                <dd className="font-semibold break-all">{invoice.number}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('invoices.sponsor.date')}</dt>
                <dd>{invoice.invoice_date ? formatDate(invoice.invoice_date, language) : '–'}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('invoices.sponsor.amount')}</dt>
                <dd className="font-semibold tabular-nums">{formatCents(invoice.gross_cents, language)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('invoices.sponsor.status')}</dt>
                <dd>
                  <InvoiceStatusBadge invoice={invoice} />
                </dd>
              </div>
            </dl>
            {isPayable(invoice) ? <InvoicePayment invoice={invoice} viewer={viewer} /> : null}
            <InvoiceDownloads invoice={invoice} viewer={viewer} />
          </li>
        ))}
      </ul>
    </section>
  );
}
