import { useQuery } from '@tanstack/react-query';
import { ChevronDownIcon, CopyIcon, LandmarkIcon, LoaderCircleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { groupIban, type InvoiceWire } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { copyText } from '@/lib/clipboard';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { invoicePaymentDetailsQueryOptions, type InvoiceViewer } from '../api/invoices';
import { formatCents } from '../utils/money';

/** Whether the sponsor still has something to transfer for this invoice. */
export const isPayable = (invoice: InvoiceWire) =>
  invoice.kind === 'invoice' &&
  (invoice.status === 'issued' || invoice.status === 'overdue') &&
  invoice.outstanding_cents > 0;

/**
 * How the sponsor pays an issued invoice, often on a phone: the amount still open and by when, the
 * transfer's fields each with a copy button (for the banking app on the same phone) and the
 * GiroCode (for a banking app on another device). Open from the start when the invoice is overdue.
 */
export function InvoicePayment({ invoice, viewer }: { invoice: InvoiceWire; viewer: InvoiceViewer }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const overdue = invoice.status === 'overdue';
  const [open, setOpen] = useState(overdue);
  const panelId = useId();
  const details = useQuery({ ...invoicePaymentDetailsQueryOptions(invoice.id, viewer), enabled: open });

  async function copy(label: string, value: string) {
    if (await copyText(value)) toast.success(t('invoices.pay.copied', { field: label }));
    else toast.error(t('invoices.pay.copyFailed'));
  }

  return (
    <div className="flex flex-col gap-3" data-testid="invoice-payment">
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <LandmarkIcon aria-hidden="true" />
        {t('invoices.pay.toggle')}
        <ChevronDownIcon
          className={open ? 'rotate-180 transition-transform' : 'transition-transform'}
          aria-hidden="true"
        />
      </Button>
      {open ? (
        <div id={panelId} className="flex flex-col gap-3 rounded-lg bg-muted/40 p-3">
          {details.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
              {t('invoices.pay.loading')}
            </p>
          ) : details.isError ? (
            <p className="text-sm text-destructive" role="alert">
              {t('invoices.pay.loadFailed', { message: getErrorMessage(details.error, t) })}
            </p>
          ) : (
            <>
              {details.data.due_date ? (
                <p
                  className={overdue ? 'text-sm font-medium text-destructive' : 'text-sm'}
                  data-testid="invoice-payment-due"
                >
                  {t(overdue ? 'invoices.pay.overdueSince' : 'invoices.pay.dueBy', {
                    date: formatDate(details.data.due_date, language),
                  })}
                </p>
              ) : null}
              <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
                <dl className="grid min-w-0 flex-1 gap-2 text-sm">
                  {[
                    {
                      label: t('invoices.pay.amount'),
                      shown: formatCents(details.data.amount_cents, language),
                      copied: (details.data.amount_cents / 100).toFixed(2).replace('.', language === 'de' ? ',' : '.'),
                    },
                    { label: t('invoices.pay.recipient'), shown: details.data.account_holder },
                    {
                      label: t('invoices.pay.iban'),
                      shown: groupIban(details.data.iban),
                      copied: details.data.iban,
                      mono: true,
                    },
                    {
                      label: t('invoices.pay.bic'),
                      shown: details.data.bic,
                      mono: true,
                      note: details.data.bank_name,
                    },
                    { label: t('invoices.pay.reference'), shown: details.data.reference, mono: true },
                  ].map(({ label, shown, copied, mono, note }) => (
                    <div key={label}>
                      <dt className="text-xs text-muted-foreground">{label}</dt>
                      <dd className="flex items-center justify-between gap-2">
                        <span
                          className={
                            mono ? 'min-w-0 font-mono font-medium break-all' : 'min-w-0 font-medium break-words'
                          }
                        >
                          {shown}
                          {note ? (
                            <span className="block font-sans text-xs font-normal text-muted-foreground">{note}</span>
                          ) : null}
                        </span>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="shrink-0"
                          aria-label={t('invoices.pay.copy', { field: label })}
                          onClick={() => void copy(label, copied ?? shown)}
                        >
                          <CopyIcon aria-hidden="true" />
                        </Button>
                      </dd>
                    </div>
                  ))}
                </dl>
                {details.data.girocode ? (
                  <figure className="flex flex-col items-center gap-1 self-center sm:w-40">
                    <svg
                      viewBox={`0 0 ${details.data.girocode.size} ${details.data.girocode.size}`}
                      className="size-36 rounded-md bg-white"
                      shapeRendering="crispEdges"
                      role="img"
                      aria-label={t('invoices.pay.qrLabel', {
                        amount: formatCents(details.data.amount_cents, language),
                      })}
                      data-testid="invoice-girocode"
                    >
                      <path d={details.data.girocode.path} fill="#000" />
                    </svg>
                    <figcaption className="text-center text-xs text-muted-foreground">
                      {t('invoices.pay.qrHint')}
                    </figcaption>
                  </figure>
                ) : null}
              </div>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
