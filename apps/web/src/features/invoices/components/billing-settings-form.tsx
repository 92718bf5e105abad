import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { BillingSettingsWire } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { useSaveBillingSettings } from '../api/billing-settings';
import {
  billingFormSchema,
  FIELD_OF_CODE,
  NUMBER_RANGES,
  toFormValues,
  toInput,
  type BillingFormValues,
} from '../utils/billing-form';
import { exampleNumber } from '../utils/number-format';

const sectionClass = 'flex min-w-0 flex-col gap-4 rounded-xl border border-border p-4 sm:p-5';
const legendClass = 'px-1 font-semibold';
const RATES = ['19', '7', '0'] as const;

/** The number format with the numbers it gives the first two invoices of today. */
function NumberExample({ format }: { format: string }) {
  const { t } = useTranslation();
  const today = new Date();
  const first = exampleNumber(format, 1, today);
  const second = exampleNumber(format, 2, today);
  if (!first || !second) return null;
  return (
    <p className="text-sm" aria-live="polite" data-testid="number-example">
      {t('invoices.settings.fields.example', { first, second })}
    </p>
  );
}

/**
 * Tax ids, bank account, payment term, number format, VAT (small business or default rate) and
 * reminders. The owner edits; members see the same form disabled.
 */
export function BillingSettingsForm({
  organisationId,
  settings,
  organisationName,
  canEdit,
}: {
  organisationId: number;
  settings: BillingSettingsWire | null;
  organisationName: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveBillingSettings(organisationId);
  const {
    register,
    handleSubmit,
    control,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<BillingFormValues>({ resolver: zodResolver(billingFormSchema), defaultValues: toFormValues(settings) });
  const [format, smallBusiness, rate, reminders, term] = useWatch({
    control,
    name: ['number_format', 'small_business', 'default_vat_rate', 'reminders_enabled', 'payment_term_days'],
  });

  const message = (field: keyof BillingFormValues) => {
    const key = errors[field]?.message;
    if (!key) return undefined;
    // The server's refusals arrive translated already.
    if (!key.startsWith('invoices.')) return key;
    if (field in NUMBER_RANGES) return t(key as TranslationKey, NUMBER_RANGES[field as keyof typeof NUMBER_RANGES]);
    return t(key as TranslationKey);
  };

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toInput(values));
      toast.success(t('invoices.settings.saved'));
    } catch (error) {
      const field = isApiError(error) ? FIELD_OF_CODE[error.code] : undefined;
      if (field) {
        setError(field, { type: 'server', message: getErrorMessage(error, t) });
        setTimeout(() => setFocus(field));
      } else {
        toast.error(t('invoices.settings.errors.save', { message: getErrorMessage(error, t) }));
      }
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={isSubmitting || undefined}
      aria-label={t('invoices.settings.title')}
    >
      <fieldset disabled={!canEdit || isSubmitting} className="flex min-w-0 flex-col gap-6">
        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t('invoices.settings.sections.tax')}</legend>
          <Field
            label={t('invoices.settings.fields.legalName')}
            hint={t('invoices.settings.fields.legalNameHint', { name: organisationName })}
            error={message('legal_name')}
          >
            {(c) => <Input {...c} {...register('legal_name')} autoComplete="organization" />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('invoices.settings.fields.taxNumber')}
              hint={t('invoices.settings.fields.taxHint')}
              error={message('tax_number')}
            >
              {(c) => <Input {...c} {...register('tax_number')} />}
            </Field>
            <Field
              label={t('invoices.settings.fields.vatId')}
              hint={t('invoices.settings.fields.vatIdHint')}
              error={message('vat_id')}
            >
              {(c) => <Input {...c} {...register('vat_id')} autoCapitalize="characters" />}
            </Field>
          </div>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t('invoices.settings.sections.bank')}</legend>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <Field label={t('invoices.settings.fields.iban')} error={message('iban')}>
              {(c) => (
                <Input
                  {...c}
                  {...register('iban')}
                  autoCapitalize="characters"
                  spellCheck={false}
                  className="font-mono"
                />
              )}
            </Field>
            <Field label={t('invoices.settings.fields.bic')} error={message('bic')}>
              {(c) => (
                <Input
                  {...c}
                  {...register('bic')}
                  autoCapitalize="characters"
                  spellCheck={false}
                  className="font-mono"
                />
              )}
            </Field>
          </div>
          <Field label={t('invoices.settings.fields.bankName')} error={message('bank_name')}>
            {(c) => <Input {...c} {...register('bank_name')} />}
          </Field>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t('invoices.settings.sections.numbers')}</legend>
          <Field
            label={t('invoices.settings.fields.numberFormat')}
            hint={t('invoices.settings.fields.numberFormatHint')}
            error={message('number_format')}
          >
            {(c) => <Input {...c} {...register('number_format')} spellCheck={false} className="font-mono" />}
          </Field>
          <NumberExample format={format} />
          <Field
            label={t('invoices.settings.fields.paymentTerm')}
            hint={/^\d+$/.test(term) ? t('invoices.settings.fields.paymentTermHint', { days: term }) : undefined}
            error={message('payment_term_days')}
            className="max-w-xs"
          >
            {(c) => <Input {...c} {...register('payment_term_days')} inputMode="numeric" />}
          </Field>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t('invoices.settings.sections.vat')}</legend>
          <label className="flex items-start gap-3 text-sm font-medium">
            <input type="checkbox" className="mt-0.5 size-4 shrink-0" {...register('small_business')} />
            {t('invoices.settings.fields.smallBusiness')}
          </label>
          {smallBusiness ? (
            <p className="rounded-md bg-muted/60 p-3 text-sm" data-testid="small-business-note">
              {t('invoices.settings.fields.smallBusinessNote')}
            </p>
          ) : (
            <>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-medium">{t('invoices.settings.fields.vatRate')}</legend>
                {RATES.map((value) => (
                  <label key={value} className="flex items-center gap-3 text-sm">
                    <input type="radio" value={value} className="size-4" {...register('default_vat_rate')} />
                    {t(`invoices.settings.fields.rate${value}`)}
                  </label>
                ))}
              </fieldset>
              {rate === '0' ? (
                <Field
                  label={t('invoices.settings.fields.zeroReason')}
                  hint={t('invoices.settings.fields.zeroReasonHint')}
                  error={message('zero_rate_reason')}
                >
                  {(c) => <Textarea {...c} {...register('zero_rate_reason')} rows={2} />}
                </Field>
              ) : null}
            </>
          )}
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t('invoices.settings.sections.reminders')}</legend>
          <label className="flex items-start gap-3 text-sm font-medium">
            <input type="checkbox" className="mt-0.5 size-4 shrink-0" {...register('reminders_enabled')} />
            {t('invoices.settings.fields.remindersEnabled')}
          </label>
          <p className="text-sm text-muted-foreground">{t('invoices.settings.fields.remindersHint')}</p>
          {reminders ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('invoices.settings.fields.stages')} error={message('reminder_stages')}>
                {(c) => <Input {...c} {...register('reminder_stages')} inputMode="numeric" />}
              </Field>
              <Field label={t('invoices.settings.fields.interval')} error={message('reminder_interval_days')}>
                {(c) => <Input {...c} {...register('reminder_interval_days')} inputMode="numeric" />}
              </Field>
            </div>
          ) : null}
        </fieldset>

        {canEdit ? (
          <Button type="submit" className="self-start">
            {t('invoices.settings.save')}
          </Button>
        ) : null}
      </fieldset>
    </form>
  );
}
