import { useQuery } from '@tanstack/react-query';
import { ReceiptTextIcon } from 'lucide-react';
import { useLanguage } from '@/hooks/use-language';
import { useTranslation } from '@/lib/i18n';
import { invoiceNumbersQueryOptions } from '../api/invoices';
import { formatCents } from '../utils/money';

/**
 * One event's invoice figures in the event list (beside the sponsoring numbers): invoiced, paid,
 * outstanding. One request serves the whole list; an event without invoices shows nothing.
 */
export function EventInvoiceNumbers({ organisationId, eventId }: { organisationId: number; eventId: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const numbers = useQuery(invoiceNumbersQueryOptions(organisationId));
  const event = numbers.data?.events.find((e) => e.event_id === eventId);
  if (!event || (event.count === 0 && event.invoiced_cents === 0)) return null;
  const money = (cents: number) => formatCents(cents, language);
  return (
    <p className="mt-2 flex items-start gap-1.5 text-sm tabular-nums" data-testid="event-invoice-numbers">
      <ReceiptTextIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        {t('invoices.sums.event', {
          invoiced: money(event.invoiced_cents),
          paid: money(event.paid_cents),
          outstanding: money(event.outstanding_cents),
        })}
      </span>
    </p>
  );
}
