import { BanknoteIcon, BellRingIcon, LoaderCircleIcon, SendIcon, Undo2Icon } from 'lucide-react';
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
import { useCancelInvoice, useRemindInvoice, useSendInvoice } from '../api/invoice-actions';
import { PaymentForm } from './payment-form';

/** Storno: asked once more, since it creates a cancellation invoice with its own number. */
function CancelInvoiceButton({ invoice }: { invoice: InvoiceWire }) {
  const { t } = useTranslation();
  const cancel = useCancelInvoice();
  const [open, setOpen] = useState(false);
  const number = invoice.number ?? '';
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
          <AlertDialogTitle>{t('invoices.actions.cancelConfirm.title', { number })}</AlertDialogTitle>
          <AlertDialogDescription>{t('invoices.actions.cancelConfirm.text')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>{t('invoices.actions.keep')}</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(invoice.id, {
                onSuccess: (storno) => {
                  setOpen(false);
                  toast.success(t('invoices.actions.cancelled', { number: storno.number ?? '' }));
                },
                onError: (error) => toast.error(t('invoices.draft.failed', { message: getErrorMessage(error, t) })),
              })
            }
          >
            {cancel.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            {t('invoices.actions.cancelConfirm.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The next payment reminder now, for an overdue invoice with something open. */
function RemindButton({ invoice }: { invoice: InvoiceWire }) {
  const { t } = useTranslation();
  const remind = useRemindInvoice();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={remind.isPending}
      onClick={() =>
        remind.mutate(invoice.id, {
          onSuccess: (after) => toast.success(t('invoices.actions.reminded', { stage: after.reminders_sent })),
          onError: (error) => toast.error(t('invoices.draft.failed', { message: getErrorMessage(error, t) })),
        })
      }
    >
      {remind.isPending ? (
        <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
      ) : (
        <BellRingIcon aria-hidden="true" />
      )}
      {t('invoices.actions.remind')}
    </Button>
  );
}

/**
 * What the organiser can still do with an issued invoice: record a payment, remind when overdue,
 * send it again, cancel it.
 */
export function OrganiserInvoiceActions({ invoice }: { invoice: InvoiceWire }) {
  const { t } = useTranslation();
  const send = useSendInvoice();
  const [paying, setPaying] = useState(false);
  if (invoice.kind === 'cancellation' || invoice.status === 'cancelled' || invoice.status === 'draft') return null;
  const open = invoice.outstanding_cents > 0;
  return (
    <div className="flex flex-col gap-2">
      <div
        className="flex flex-wrap gap-2"
        role="group"
        aria-label={t('invoices.actions.label', { number: invoice.number ?? '' })}
      >
        {open ? (
          <Button size="sm" variant="outline" aria-expanded={paying} onClick={() => setPaying((value) => !value)}>
            <BanknoteIcon aria-hidden="true" />
            {t('invoices.actions.payment')}
          </Button>
        ) : null}
        {open && invoice.status === 'overdue' ? <RemindButton invoice={invoice} /> : null}
        <Button
          size="sm"
          variant="ghost"
          disabled={send.isPending}
          onClick={() =>
            send.mutate(invoice.id, {
              onSuccess: () => toast.success(t('invoices.actions.sent')),
              onError: (error) => toast.error(t('invoices.draft.failed', { message: getErrorMessage(error, t) })),
            })
          }
        >
          {send.isPending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <SendIcon aria-hidden="true" />
          )}
          {t('invoices.actions.send')}
        </Button>
        <CancelInvoiceButton invoice={invoice} />
      </div>
      {paying && open ? <PaymentForm invoice={invoice} onDone={() => setPaying(false)} /> : null}
    </div>
  );
}
