import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoaderCircleIcon } from 'lucide-react';
import { INVOICE_STATUSES, type InvoiceStatus } from '@sp/shared';
import { Card, CardContent } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { invoiceNumbersQueryOptions, organisationInvoicesQueryOptions } from '../api/invoices';
import { EventDraftsButton } from './event-drafts-button';
import { InvoiceJobs } from './invoice-jobs';
import { InvoiceRow } from './invoice-row';
import { InvoiceSums } from './invoice-sums';
import { OrganiserInvoiceActions } from './organiser-invoice-actions';

const ME = { kind: 'user' } as const;
const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';
const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * One event's invoices in its workspace (the organisation's invoice list filtered to the event): the
 * sums, drafting for every confirmed sponsor, a status filter, each invoice with its actions; a draft
 * is reviewed in its sponsorship's panel.
 */
export function EventInvoices({
  organisationId,
  eventId,
  sponsorships,
  status,
  onStatus,
}: {
  organisationId: number;
  eventId: number;
  sponsorships: ReadonlyArray<{ status: string }>;
  status: InvoiceStatus | undefined;
  onStatus: (next: InvoiceStatus | undefined) => void;
}) {
  const { t } = useTranslation();
  const invoices = useQuery(organisationInvoicesQueryOptions(organisationId, { event: eventId, status }));
  const numbers = useQuery(invoiceNumbersQueryOptions(organisationId));
  // Unfiltered, for the bulk jobs' counts (the same query as "all statuses").
  const all = useQuery(organisationInvoicesQueryOptions(organisationId, { event: eventId, status: undefined }));
  const drafts = all.data?.filter((i) => i.status === 'draft').length ?? 0;
  const issued =
    all.data?.filter((i) => i.kind === 'invoice' && (i.status === 'issued' || i.status === 'overdue')).length ?? 0;
  const sums = numbers.data?.events.find((e) => e.event_id === eventId);
  return (
    <div className="flex flex-col gap-6">
      {sums ? (
        <Card>
          <CardContent className="pt-6">
            <InvoiceSums sums={sums} columns />
          </CardContent>
        </Card>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <label className="flex flex-col gap-1 text-sm sm:w-64">
          <span className="font-medium">{t('invoices.page.status')}</span>
          <select
            className={selectClass}
            value={status ?? ''}
            onChange={(e) => onStatus((e.target.value || undefined) as InvoiceStatus | undefined)}
          >
            <option value="">{t('invoices.page.allStatuses')}</option>
            {INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`invoices.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <EventDraftsButton eventId={eventId} sponsorships={sponsorships} />
      </div>
      <InvoiceJobs eventId={eventId} drafts={drafts} issued={issued} />
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
        <p className="text-sm text-muted-foreground" data-testid="event-invoices-empty">
          {status ? t('invoices.page.emptyFiltered') : t('events.workspace.invoices.empty')}
        </p>
      ) : (
        <Card>
          <CardContent>
            <ul className="divide-y divide-border" aria-label={t('invoices.page.listLabel')}>
              {invoices.data.map((invoice) => (
                <InvoiceRow key={invoice.id} invoice={invoice} viewer={ME}>
                  {invoice.status === 'draft' ? (
                    <Link
                      to="/edit-event/$eventId/sponsors"
                      params={{ eventId }}
                      search={{ sponsorship: invoice.sponsorship_id }}
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
  );
}
