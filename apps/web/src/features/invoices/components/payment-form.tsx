import { LoaderCircleIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { InvoiceWire } from '@sp/shared';
import { todayIso } from '@/components/ui/date-input-format';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { useRecordPayment, useRecordRefund } from '../api/invoice-actions';
import { centsToInput, formatCents, parseAmount } from '../utils/money';
import { DateField } from '@/components/date-field';

/**
 * Date and amount of a payment (less than the outstanding amount is a partial payment), or of a
 * refund of money paid (at most what was paid).
 */
export function PaymentForm({
  invoice,
  onDone,
  refund = false,
}: {
  invoice: InvoiceWire;
  onDone: () => void;
  refund?: boolean;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const payment = useRecordPayment();
  const refunding = useRecordRefund();
  const record = refund ? refunding : payment;
  const limit = refund ? invoice.paid_cents : invoice.outstanding_cents;
  const [paidOn, setPaidOn] = useState(todayIso());
  const [amount, setAmount] = useState(centsToInput(limit, language));
  const [errors, setErrors] = useState<{ date?: string; amount?: string }>({});
  // The server found the same day and amount recorded already: asked once whether it was paid twice.
  const [repeated, setRepeated] = useState<{ paid_on: string; amount_cents: number } | null>(null);

  // The promise, not mutate's own callbacks: the mutation stays pending until the invoices are
  // fetched again, and a refund makes a paid invoice issued, which unmounts this form (shown for paid
  // invoices only) before mutate's callbacks would run; the message and the close would be lost.
  const save = (entry: { paid_on: string; amount_cents: number }, allowDuplicate: boolean) =>
    record.mutateAsync({ id: invoice.id, payment: allowDuplicate ? { ...entry, allow_duplicate: true } : entry }).then(
      () => {
        toast.success(t(refund ? 'invoices.refund.saved' : 'invoices.payment.saved'));
        onDone();
      },
      (error: unknown) => {
        if (isApiError(error) && error.code === 'invoice.payment-duplicate') setRepeated(entry);
        else toast.error(t('invoices.draft.failed', { message: getErrorMessage(error, t) }));
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRepeated(null);
    const cents = parseAmount(amount);
    const next = {
      date: /^\d{4}-\d{2}-\d{2}$/.test(paidOn) ? undefined : t('invoices.payment.dateRequired'),
      amount:
        cents === null || cents === 0
          ? t('invoices.draft.amountInvalid')
          : cents > limit
            ? t(refund ? 'invoices.refund.tooMuch' : 'invoices.payment.tooMuch')
            : undefined,
    };
    setErrors(next);
    if (next.date || next.amount || cents === null) return;
    void save({ paid_on: paidOn, amount_cents: cents }, false);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg border border-border bg-muted/30 p-3"
      aria-label={t(refund ? 'invoices.refund.title' : 'invoices.payment.title', { number: invoice.number ?? '' })}
      data-testid={refund ? 'refund-form' : 'payment-form'}
    >
      <fieldset disabled={record.isPending} className="grid min-w-0 gap-3 sm:grid-cols-2">
        <Field label={t(refund ? 'invoices.refund.date' : 'invoices.payment.date')} error={errors.date}>
          {(c) => <DateField control={c} value={paidOn} onChange={setPaidOn} />}
        </Field>
        <Field
          label={t('invoices.payment.amount')}
          hint={
            refund
              ? t('invoices.refund.amountHint', { paid: formatCents(limit, language) })
              : t('invoices.payment.amountHint', { outstanding: formatCents(limit, language) })
          }
          error={errors.amount}
        >
          {(c) => <Input {...c} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" />}
        </Field>
      </fieldset>
      {repeated ? (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          data-testid="payment-duplicate"
        >
          <p>
            {t(refund ? 'invoices.refund.duplicate' : 'invoices.payment.duplicate', {
              amount: formatCents(repeated.amount_cents, language),
              date: formatDate(repeated.paid_on, language),
            })}
          </p>
          <div>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={record.isPending}
              onClick={() => void save(repeated, true)}
            >
              {t(refund ? 'invoices.refund.recordAgain' : 'invoices.payment.recordAgain')}
            </Button>
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={record.isPending}>
          {record.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {t(refund ? 'invoices.refund.save' : 'invoices.payment.save')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {t('invoices.actions.close')}
        </Button>
      </div>
    </form>
  );
}
