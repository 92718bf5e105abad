import {
  BanknoteIcon,
  BellRingIcon,
  HandCoinsIcon,
  LoaderCircleIcon,
  SendIcon,
  Undo2Icon,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { InvoiceWire } from '@sp/shared';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { useLanguage } from '@/hooks/use-language';
import { useCancelInvoice, useRemindInvoice, useSendInvoice } from '../api/invoice-actions';
import { formatCents } from '../utils/money';
import { PaymentForm } from './payment-form';

/**
 * Storno: asked once more, since it creates a cancellation invoice with its own number. An invoice
 * with payments is not cancelled: the dialog says to record the refund first (decision 060).
 */
function CancelInvoiceButton({ invoice, onRefund }: { invoice: InvoiceWire; onRefund: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const cancel = useCancelInvoice();
  const [open, setOpen] = useState(false);
  const number = invoice.number ?? '';
  const paid = invoice.paid_cents > 0;
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="ghost" className="text-destructive">
          <Undo2Icon aria-hidden="true" />
          {t('invoices.actions.cancel')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {t(paid ? 'invoices.actions.cancelPaid.title' : 'invoices.actions.cancelConfirm.title', { number })}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {paid
              ? t('invoices.actions.cancelPaid.text', { amount: formatCents(invoice.paid_cents, language) })
              : t('invoices.actions.cancelConfirm.text')}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>{t('invoices.actions.keep')}</AlertDialogCancel>
          {paid ? (
            <Button
              onClick={() => {
                setOpen(false);
                onRefund();
              }}
            >
              {t('invoices.actions.refund')}
            </Button>
          ) : (
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              // The promise, not mutate's callbacks: the cancelled invoice, fetched again before the
              // mutation settles, no longer shows this dialog, and mutate's callbacks would be lost.
              onClick={() =>
                void cancel.mutateAsync(invoice.id).then(
                  (storno) => {
                    setOpen(false);
                    toast.success(t('invoices.actions.cancelled', { number: storno.number ?? '' }));
                  },
                  (error: unknown) => toast.error(t('invoices.draft.failed', { message: getErrorMessage(error, t) })),
                )
              }
            >
              {cancel.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {t('invoices.actions.cancelConfirm.confirm')}
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * One step on an issued invoice sent to the server (remind, send again): a spinner while it runs,
 * a toast with the result.
 */
function InvoiceStepButton({
  icon: Icon,
  label,
  variant,
  mutation,
  id,
  done,
}: {
  icon: LucideIcon;
  label: string;
  variant: 'outline' | 'ghost';
  mutation: ReturnType<typeof useRemindInvoice>;
  id: number;
  done: (after: InvoiceWire) => string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      variant={variant}
      disabled={mutation.isPending}
      // The promise (see the cancel dialog): a reminded invoice may no longer show this button.
      onClick={() =>
        void mutation.mutateAsync(id).then(
          (after) => toast.success(done(after)),
          (error: unknown) => toast.error(t('invoices.draft.failed', { message: getErrorMessage(error, t) })),
        )
      }
    >
      {mutation.isPending ? (
        <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
      ) : (
        <Icon aria-hidden="true" />
      )}
      {label}
    </Button>
  );
}

/**
 * What the organiser can still do with an issued invoice: record a payment or a refund, remind when
 * overdue, send it again, cancel it.
 */
export function OrganiserInvoiceActions({ invoice }: { invoice: InvoiceWire }) {
  const { t } = useTranslation();
  const send = useSendInvoice();
  const remind = useRemindInvoice();
  const [form, setForm] = useState<'payment' | 'refund' | null>(null);
  if (invoice.kind === 'cancellation' || invoice.status === 'cancelled' || invoice.status === 'draft') return null;
  const open = invoice.outstanding_cents > 0;
  const paid = invoice.paid_cents > 0;
  const toggle = (which: 'payment' | 'refund') => setForm((value) => (value === which ? null : which));
  return (
    <div className="flex flex-col gap-2">
      <div
        className="flex flex-wrap gap-2"
        role="group"
        aria-label={t('invoices.actions.label', { number: invoice.number ?? '' })}
      >
        {open ? (
          <Button size="sm" variant="outline" aria-expanded={form === 'payment'} onClick={() => toggle('payment')}>
            <BanknoteIcon aria-hidden="true" />
            {t('invoices.actions.payment')}
          </Button>
        ) : null}
        {paid ? (
          <Button size="sm" variant="ghost" aria-expanded={form === 'refund'} onClick={() => toggle('refund')}>
            <HandCoinsIcon aria-hidden="true" />
            {t('invoices.actions.refund')}
          </Button>
        ) : null}
        {open && invoice.status === 'overdue' ? (
          <InvoiceStepButton
            icon={BellRingIcon}
            label={t('invoices.actions.remind')}
            variant="outline"
            mutation={remind}
            id={invoice.id}
            done={(after) => t('invoices.actions.reminded', { stage: after.reminders_sent })}
          />
        ) : null}
        <InvoiceStepButton
          icon={SendIcon}
          label={t('invoices.actions.send')}
          variant="ghost"
          mutation={send}
          id={invoice.id}
          done={() => t('invoices.actions.sent')}
        />
        <CancelInvoiceButton invoice={invoice} onRefund={() => setForm('refund')} />
      </div>
      {form === 'payment' && open ? <PaymentForm invoice={invoice} onDone={() => setForm(null)} /> : null}
      {form === 'refund' && paid ? <PaymentForm refund invoice={invoice} onDone={() => setForm(null)} /> : null}
    </div>
  );
}
