import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { sponsorshipInvoicesQueryOptions, type InvoiceViewer } from '../api/invoices';
import { formatCents } from '../utils/money';
import { isPayable } from './invoice-payment';

/**
 * The sponsor's next step while an invoice of the sponsorship is open: pay it (by its due date, or
 * since when it is overdue); `fallback` otherwise. A confirmed sponsorship with an unpaid invoice is
 * not "nothing to do".
 */
export function InvoiceNextStep({
  sponsorshipId,
  viewer,
  fallback,
}: {
  sponsorshipId: number;
  viewer: InvoiceViewer;
  fallback: ReactNode;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const invoices = useQuery(sponsorshipInvoicesQueryOptions(sponsorshipId, viewer));
  const open = (invoices.data ?? [])
    .filter(isPayable)
    .sort((a, b) => (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999'));
  const first = open[0];
  if (!first) return <>{fallback}</>;
  const date = first.due_date ? formatDate(first.due_date, language) : '';
  if (open.length > 1) return <>{t('invoices.nextStep.payMany', { count: open.length, date })}</>;
  return (
    <>
      {t(first.status === 'overdue' ? 'invoices.nextStep.overdue' : 'invoices.nextStep.pay', {
        number: first.number,
        amount: formatCents(first.outstanding_cents, language),
        date,
      })}
    </>
  );
}
