import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FileSpreadsheetIcon, LoaderCircleIcon } from 'lucide-react';
import { toast } from 'sonner';
import { INVOICE_STATUSES, type InvoiceStatus } from '@sp/shared';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { downloadInvoicesCsv } from '../api/downloads';
import { invoiceNumbersQueryOptions, organisationInvoicesQueryOptions, type InvoiceFilters } from '../api/invoices';
import { BankStatementImport } from './bank-statement-import';
import { InvoiceRow } from './invoice-row';
import { InvoiceSums } from './invoice-sums';
import { OrganiserInvoiceActions } from './organiser-invoice-actions';

const ME = { kind: 'user' } as const;
const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';
const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** Issue 20, point 4: every invoice of the organisation, filtered by event and status, with the sums and CSV. */
export function InvoicesPage({
  organisationId,
  filters,
  onFilters,
}: {
  organisationId: number;
  filters: InvoiceFilters;
  onFilters: (next: InvoiceFilters) => void;
}) {
  const { t } = useTranslation();
  const invoices = useQuery(organisationInvoicesQueryOptions(organisationId, filters));
  const numbers = useQuery(invoiceNumbersQueryOptions(organisationId));
  const csv = useMutation({
    mutationFn: () => downloadInvoicesCsv(organisationId, filters),
    onError: (error) => toast.error(t('invoices.page.csvFailed', { message: getErrorMessage(error, t) })),
  });
  const filtered = filters.event !== undefined || filters.status !== undefined;
  const event = numbers.data?.events.find((e) => e.event_id === filters.event);
  const sums = filters.event === undefined ? numbers.data?.totals : event;

  return (
    <Page title={t('invoices.page.title')} lead={t('invoices.page.lead')} width="wide">
      <div className="mt-6 flex flex-col gap-6">
        {sums ? (
          <Card>
            <CardContent className="pt-6">
              <InvoiceSums sums={sums} columns />
            </CardContent>
          </Card>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <form
            role="search"
            aria-label={t('invoices.page.filters')}
            className="grid flex-1 gap-3 sm:max-w-xl sm:grid-cols-2"
            onSubmit={(e) => e.preventDefault()}
          >
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">{t('invoices.page.event')}</span>
              <select
                className={selectClass}
                value={filters.event ?? ''}
                onChange={(e) => onFilters({ ...filters, event: e.target.value ? Number(e.target.value) : undefined })}
              >
                <option value="">{t('invoices.page.allEvents')}</option>
                {numbers.data?.events.map((e) => (
                  <option key={e.event_id} value={e.event_id}>
                    {e.event_title}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">{t('invoices.page.status')}</span>
              <select
                className={selectClass}
                value={filters.status ?? ''}
                onChange={(e) =>
                  onFilters({ ...filters, status: (e.target.value || undefined) as InvoiceStatus | undefined })
                }
              >
                <option value="">{t('invoices.page.allStatuses')}</option>
                {INVOICE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`invoices.status.${status}`)}
                  </option>
                ))}
              </select>
            </label>
          </form>
          <div className="flex flex-wrap gap-2">
            <BankStatementImport organisationId={organisationId} />
            <Button variant="outline" disabled={csv.isPending} onClick={() => csv.mutate()}>
              {csv.isPending ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
              ) : (
                <FileSpreadsheetIcon aria-hidden="true" />
              )}
              {t('invoices.page.csv')}
            </Button>
          </div>
        </div>
        {invoices.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            {t('invoices.loading')}
          </p>
        ) : invoices.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {t('invoices.loadFailed', { message: getErrorMessage(invoices.error, t) })}
          </p>
        ) : invoices.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {filtered ? (
              t('invoices.page.emptyFiltered')
            ) : (
              <>
                {t('invoices.page.empty')}{' '}
                <Link to="/dashboard/organizer/events" className={linkClass}>
                  {t('invoices.page.toEvents')}
                </Link>
                {' · '}
                <Link to="/dashboard/organizer/billing" className={linkClass}>
                  {t('invoices.page.settingsLink')}
                </Link>
              </>
            )}
          </p>
        ) : (
          <Card>
            <CardContent>
              <ul className="divide-y divide-border" aria-label={t('invoices.page.listLabel')}>
                {invoices.data.map((invoice) => (
                  <InvoiceRow key={invoice.id} invoice={invoice} viewer={ME} showEvent>
                    {invoice.status === 'draft' ? (
                      <Link
                        to="/edit-event/$eventId"
                        params={{ eventId: invoice.event_id }}
                        className={`${linkClass} text-sm`}
                      >
                        {t('invoices.page.reviewDraft')}
                      </Link>
                    ) : (
                      <OrganiserInvoiceActions invoice={invoice} />
                    )}
                  </InvoiceRow>
                ))}
              </ul>
            </CardContent>
          </Card>
        )}
      </div>
    </Page>
  );
}
