import { LoaderCircleIcon, PlusIcon, SendIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { INVOICE_LIMITS, type DocumentLanguage, type InvoicePatch, type InvoiceWire, type VatRate } from '@sp/shared';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { DocumentLanguageSelect } from '@/components/document-language-select';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useLanguage } from '@/hooks/use-language';
import { countryName } from '@/lib/countries';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { useDeleteDraft, useIssueInvoice, usePatchDraft } from '../api/invoice-actions';
import { centsToInput, formatCents, formatRate, parseAmount } from '../utils/money';
import { DateField } from '@/components/date-field';
import { InvoiceDownloads } from './invoice-downloads';

const ME = { kind: 'user' } as const;
type LineDraft = { description: string; quantity: string; unitPrice: string };
const RATES: readonly VatRate[] = [19, 7, 0];

/** The lines as typed, or the index of the first line that is not complete. */
function readLines(lines: LineDraft[]): InvoicePatch['lines'] | number {
  const read = [];
  for (const [index, line] of lines.entries()) {
    const cents = parseAmount(line.unitPrice);
    const quantity = Number(line.quantity);
    if (!line.description.trim() || cents === null || !Number.isInteger(quantity) || quantity < 1) return index;
    read.push({ description: line.description.trim(), quantity, unit_price_cents: cents });
  }
  return read;
}

/** Review of a draft: lines, VAT, date and note, the totals the server computed; save, issue or delete. */
export function DraftEditor({ invoice }: { invoice: InvoiceWire }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const patch = usePatchDraft();
  const issue = useIssueInvoice();
  const remove = useDeleteDraft();
  const [lines, setLines] = useState<LineDraft[]>(() =>
    invoice.lines.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: centsToInput(line.unit_price_cents, language),
    })),
  );
  const [rate, setRate] = useState<VatRate>(invoice.lines[0]?.vat_rate ?? 19);
  const [reason, setReason] = useState(invoice.vat_treatment === 'zero_rated' ? (invoice.vat_note ?? '') : '');
  const [invoiceDate, setInvoiceDate] = useState(invoice.invoice_date ?? '');
  const [note, setNote] = useState(invoice.note ?? '');
  const [documentLanguage, setDocumentLanguage] = useState<DocumentLanguage>(invoice.language);
  const [badLine, setBadLine] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rateChoosable = invoice.vat_treatment === 'standard' || invoice.vat_treatment === 'zero_rated';
  const busy = patch.isPending || issue.isPending || remove.isPending;
  const [dateError, setDateError] = useState<string | undefined>();
  // A date the server refuses (in the future, or before the series' last one: decision 060) is the
  // date field's error; anything else a toast.
  const failed = (error: unknown) => {
    if (isApiError(error) && (error.code === 'invoice.date-in-future' || error.code === 'invoice.date-before-last'))
      setDateError(getErrorMessage(error, t));
    else toast.error(t('invoices.draft.failed', { message: getErrorMessage(error, t) }));
  };

  const body = (): InvoicePatch | null => {
    const read = readLines(lines);
    if (typeof read === 'number') {
      setBadLine(read);
      return null;
    }
    setBadLine(null);
    setDateError(undefined);
    return {
      lines: read,
      invoice_date: /^\d{4}-\d{2}-\d{2}$/.test(invoiceDate) ? invoiceDate : null,
      note: note.trim() || null,
      language: documentLanguage,
      ...(rateChoosable ? { vat_rate: rate, zero_rate_reason: rate === 0 ? reason.trim() || null : null } : {}),
    };
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const next = body();
    if (next)
      patch.mutate(
        { id: invoice.id, patch: next },
        { onSuccess: () => toast.success(t('invoices.draft.saved')), onError: failed },
      );
  };

  const issueNow = async () => {
    const next = body();
    if (!next) return setConfirming(false);
    try {
      await patch.mutateAsync({ id: invoice.id, patch: next });
      const issued = await issue.mutateAsync(invoice.id);
      setConfirming(false);
      toast.success(t('invoices.draft.issued', { number: issued.number ?? '' }));
    } catch (error) {
      setConfirming(false);
      failed(error);
    }
  };

  const setLine = (index: number, change: Partial<LineDraft>) =>
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...change } : line)));

  return (
    <form
      noValidate
      onSubmit={save}
      className="flex flex-col gap-4 rounded-lg border border-border p-3 sm:p-4"
      aria-label={t('invoices.draft.title')}
      data-testid="draft-editor"
    >
      <h4 className="font-semibold">{t('invoices.draft.title')}</h4>
      <p className="text-sm break-words">
        <span className="text-muted-foreground">{t('invoices.draft.buyer')}: </span>
        {[
          invoice.buyer.name,
          `${invoice.buyer.street} ${invoice.buyer.house_number}`.trim(),
          `${invoice.buyer.postal_code} ${invoice.buyer.city}`.trim(),
          // The country decides the VAT treatment shown below (decision 026), so it is always named.
          invoice.buyer.country ? countryName(invoice.buyer.country, language) : null,
          invoice.buyer.vat_id,
        ]
          .filter(Boolean)
          .join(', ')}
      </p>
      <fieldset disabled={busy} className="flex min-w-0 flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">{t('invoices.draft.lines')}</legend>
        {lines.map((line, index) => (
          <div
            key={index}
            className="grid gap-2 rounded-md bg-muted/30 p-2 sm:grid-cols-[minmax(0,3fr)_5rem_minmax(0,1fr)_auto] sm:items-end"
          >
            <Field
              label={t('invoices.draft.description')}
              error={badLine === index ? t('invoices.settings.errors.required') : undefined}
            >
              {(c) => (
                <Input
                  {...c}
                  value={line.description}
                  maxLength={INVOICE_LIMITS.lineDescription}
                  onChange={(e) => setLine(index, { description: e.target.value })}
                />
              )}
            </Field>
            <Field label={t('invoices.draft.quantity')}>
              {(c) => (
                <Input
                  {...c}
                  value={line.quantity}
                  inputMode="numeric"
                  onChange={(e) => setLine(index, { quantity: e.target.value })}
                />
              )}
            </Field>
            <Field
              label={t('invoices.draft.unitPrice')}
              error={
                badLine === index && parseAmount(line.unitPrice) === null
                  ? t('invoices.draft.amountInvalid')
                  : undefined
              }
            >
              {(c) => (
                <Input
                  {...c}
                  value={line.unitPrice}
                  inputMode="decimal"
                  onChange={(e) => setLine(index, { unitPrice: e.target.value })}
                />
              )}
            </Field>
            {lines.length > 1 ? (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('invoices.draft.removeLine', { index: index + 1 })}
                onClick={() => setLines((current) => current.filter((_, i) => i !== index))}
              >
                <XIcon aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        ))}
        {lines.length < INVOICE_LIMITS.lines ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => setLines((current) => [...current, { description: '', quantity: '1', unitPrice: '' }])}
          >
            <PlusIcon aria-hidden="true" />
            {t('invoices.draft.addLine')}
          </Button>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          {rateChoosable ? (
            <Field label={t('invoices.draft.vatRate')}>
              {(c) => (
                <select
                  {...c}
                  value={rate}
                  onChange={(e) => setRate(Number(e.target.value) as VatRate)}
                  className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
                >
                  {RATES.map((value) => (
                    <option key={value} value={value}>
                      {formatRate(value * 100, language)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          <Field label={t('invoices.draft.invoiceDate')} hint={t('invoices.draft.invoiceDateHint')} error={dateError}>
            {(c) => <DateField control={c} value={invoiceDate} onChange={setInvoiceDate} />}
          </Field>
          <DocumentLanguageSelect
            value={documentLanguage}
            onChange={(language) => language && setDocumentLanguage(language)}
            hint={t('documentLanguage.invoiceHint')}
          />
        </div>
        {rateChoosable && rate === 0 ? (
          <Field label={t('invoices.draft.zeroReason')}>
            {(c) => <Input {...c} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </Field>
        ) : null}
        {invoice.vat_note && !(rateChoosable && rate === 0) ? (
          <p className="rounded-md bg-muted/60 p-2 text-sm">{invoice.vat_note}</p>
        ) : null}
        <Field label={t('invoices.draft.note')}>
          {(c) => (
            <Textarea
              {...c}
              value={note}
              rows={2}
              maxLength={INVOICE_LIMITS.note}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </Field>
      </fieldset>
      <dl
        className="grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums"
        data-testid="draft-totals"
      >
        <dt>{t('invoices.draft.net')}</dt>
        <dd className="text-right">{formatCents(invoice.net_cents, language)}</dd>
        <dt>{t('invoices.draft.vat', { rate: formatRate((invoice.lines[0]?.vat_rate ?? 0) * 100, language) })}</dt>
        <dd className="text-right">{formatCents(invoice.vat_cents, language)}</dd>
        <dt className="font-semibold">{t('invoices.draft.gross')}</dt>
        <dd className="text-right font-semibold">{formatCents(invoice.gross_cents, language)}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" size="sm" disabled={busy}>
          {patch.isPending && !confirming ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {t('invoices.draft.save')}
        </Button>
        <Button type="button" size="sm" disabled={busy} onClick={() => setConfirming(true)}>
          <SendIcon aria-hidden="true" />
          {t('invoices.draft.issue')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="text-destructive"
          disabled={busy}
          onClick={() =>
            remove.mutate(invoice.id, { onSuccess: () => toast.success(t('invoices.draft.deleted')), onError: failed })
          }
        >
          <Trash2Icon aria-hidden="true" />
          {t('invoices.draft.delete')}
        </Button>
        <InvoiceDownloads invoice={invoice} viewer={ME} />
      </div>
      <AlertDialog open={confirming} onOpenChange={(open) => !busy && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('invoices.draft.issueConfirm.title')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('invoices.draft.issueConfirm.text', { email: invoice.buyer.email ?? invoice.sponsor_email })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>{t('invoices.actions.keep')}</AlertDialogCancel>
            <Button disabled={busy} onClick={() => void issueNow()}>
              {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {t('invoices.draft.issueConfirm.confirm')}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}
