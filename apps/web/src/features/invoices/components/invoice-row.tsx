import type { ReactNode } from 'react';
import type { InvoiceWire } from '@sp/shared';
import { useLanguage } from '@/hooks/use-language';
import { formatDate, formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { formatCents } from '../utils/money';
import type { InvoiceViewer } from '../api/invoices';
import { InvoiceDownloads } from './invoice-downloads';
import { InvoiceStatusBadge } from './invoice-status-badge';

/**
 * One invoice as the organiser lists it: number (or draft), dates, sponsor, amounts and status, its
 * files, the payments so far, and below that what can be done with it (`children`).
 */
export function InvoiceRow({
  invoice,
  viewer,
  showEvent = false,
  children,
}: {
  invoice: InvoiceWire;
  viewer: InvoiceViewer;
  showEvent?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const money = (cents: number) => formatCents(cents, language);
  const date = (value: string) => formatDate(value, language);
  const partly = invoice.paid_cents > 0 && invoice.outstanding_cents > 0;
  return (
    <li className="flex min-w-0 flex-col gap-3 py-4" data-testid="invoice-row" data-number={invoice.number ?? ''}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-all" data-testid="invoice-number">
              {invoice.number ?? t('invoices.row.draft', { date: date(invoice.created_at) })}
            </span>
            <InvoiceStatusBadge invoice={invoice} />
            {invoice.further_invoice ? (
              <span className="rounded-full border border-border px-2 py-0.5 text-xs" data-testid="invoice-further">
                {t('invoices.sponsorship.furtherBadge')}
              </span>
            ) : null}
          </p>
          <p className="mt-1 text-sm break-words text-muted-foreground">
            {showEvent ? `${invoice.event_title} · ` : ''}
            {invoice.buyer.name || invoice.sponsor_email}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-2 text-sm text-muted-foreground">
            {invoice.invoice_date ? <span>{t('invoices.row.date', { date: date(invoice.invoice_date) })}</span> : null}
            {invoice.due_date && invoice.kind === 'invoice' && invoice.status !== 'draft' ? (
              <span>{t('invoices.row.due', { date: date(invoice.due_date) })}</span>
            ) : null}
          </p>
          {invoice.cancels ? (
            <p className="mt-1 text-sm">{t('invoices.row.cancels', { number: invoice.cancels.number })}</p>
          ) : null}
          {invoice.cancelled_by ? (
            <p className="mt-1 text-sm">{t('invoices.row.cancelledBy', { number: invoice.cancelled_by.number })}</p>
          ) : null}
        </div>
        <div className="flex flex-col gap-1 sm:items-end">
          <span className="text-lg font-bold tabular-nums" data-testid="invoice-gross">
            {money(invoice.gross_cents)}
          </span>
          {partly ? (
            <span className="text-sm text-muted-foreground tabular-nums">
              {t('invoices.row.paidOf', { paid: money(invoice.paid_cents), gross: money(invoice.gross_cents) })}
            </span>
          ) : null}
          {invoice.reminders_sent > 0 ? (
            <span className="text-sm text-muted-foreground" data-testid="invoice-reminders">
              {t('invoices.row.reminders', { count: invoice.reminders_sent })}
            </span>
          ) : null}
          {invoice.sent_at ? (
            <span className="text-xs text-muted-foreground">
              {t('invoices.row.sentAt', { date: formatDateTime(invoice.sent_at, language) })}
            </span>
          ) : null}
        </div>
      </div>
      {invoice.payments.length > 0 ? (
        <div className="text-sm">
          <p className="font-medium">{t('invoices.payment.history')}</p>
          <ul className="text-muted-foreground tabular-nums">
            {invoice.payments.map((payment) => (
              <li key={payment.id}>
                {payment.kind === 'refund'
                  ? t('invoices.payment.refundEntry', {
                      date: date(payment.paid_on),
                      amount: money(-payment.amount_cents),
                    })
                  : t('invoices.payment.entry', { date: date(payment.paid_on), amount: money(payment.amount_cents) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <InvoiceDownloads invoice={invoice} viewer={viewer} />
      {children}
    </li>
  );
}
