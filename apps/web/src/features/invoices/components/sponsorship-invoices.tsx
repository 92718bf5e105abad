import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FilePlusIcon, FilesIcon, LoaderCircleIcon, ReceiptTextIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { useCreateDraft } from '../api/invoice-actions';
import { sponsorshipInvoicesQueryOptions } from '../api/invoices';
import { DraftEditor } from './draft-editor';
import { InvoiceRow } from './invoice-row';
import { OrganiserInvoiceActions } from './organiser-invoice-actions';

const ME = { kind: 'user' } as const;

/**
 * The invoices of one confirmed sponsorship on the event's page: create a draft, review and issue
 * it, then the files, payments and cancellation. Shown only for confirmed sponsorships. While an
 * invoice is open, a second one is only made by the explicit "add a further invoice" (decision 060).
 */
export function SponsorshipInvoices({ sponsorshipId, confirmed }: { sponsorshipId: number; confirmed: boolean }) {
  const { t } = useTranslation();
  const invoices = useQuery({ ...sponsorshipInvoicesQueryOptions(sponsorshipId, ME), enabled: confirmed });
  const create = useCreateDraft();
  if (!confirmed) return null;
  const hasDraft = invoices.data?.some((invoice) => invoice.status === 'draft') ?? false;
  const hasOpen =
    invoices.data?.some(
      (invoice) => invoice.kind === 'invoice' && (invoice.status === 'issued' || invoice.status === 'overdue'),
    ) ?? false;
  // Both are fixed in the billing settings: the settings or address, or the tax number a buyer outside the EU needs.
  const needsSetUp =
    isApiError(create.error) &&
    (create.error.code === 'invoice.billing-settings-missing' || create.error.code === 'invoice.tax-number-missing');

  return (
    <section
      className="flex flex-col gap-2 rounded-lg border border-border p-3"
      aria-labelledby={`invoices-${sponsorshipId}`}
      data-testid="sponsorship-invoices"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`invoices-${sponsorshipId}`} className="flex items-center gap-2 font-semibold">
          <ReceiptTextIcon className="size-4 text-primary" aria-hidden="true" />
          {t('invoices.sponsorship.title')}
        </h3>
        {!hasDraft && invoices.isSuccess ? (
          <Button
            size="sm"
            variant={hasOpen ? 'outline' : 'default'}
            disabled={create.isPending}
            onClick={() =>
              create.mutate(hasOpen ? { sponsorshipId, further: true } : { sponsorshipId }, {
                onSuccess: () => toast.success(t('invoices.sponsorship.created')),
                onError: (error) =>
                  toast.error(t('invoices.sponsorship.createFailed', { message: getErrorMessage(error, t) })),
              })
            }
          >
            {create.isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : hasOpen ? (
              <FilesIcon aria-hidden="true" />
            ) : (
              <FilePlusIcon aria-hidden="true" />
            )}
            {t(hasOpen ? 'invoices.sponsorship.further' : 'invoices.sponsorship.create')}
          </Button>
        ) : null}
      </div>
      {!hasDraft && hasOpen ? (
        <p className="text-sm text-muted-foreground">{t('invoices.sponsorship.furtherHint')}</p>
      ) : null}
      {needsSetUp ? (
        <p className="text-sm" role="alert">
          <Link
            to="/dashboard/organizer/billing"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('invoices.sponsorship.setUp')}
          </Link>
        </p>
      ) : null}
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
        <p className="text-sm text-muted-foreground">{t('invoices.sponsorship.none')}</p>
      ) : (
        <ul className="divide-y divide-border" aria-label={t('invoices.sponsorship.title')}>
          {invoices.data.map((invoice) =>
            invoice.status === 'draft' ? (
              <li key={invoice.id} className="py-3">
                <DraftEditor invoice={invoice} />
              </li>
            ) : (
              <InvoiceRow key={invoice.id} invoice={invoice} viewer={ME}>
                <OrganiserInvoiceActions invoice={invoice} />
              </InvoiceRow>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
