import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { EyeIcon, FileSignatureIcon, LoaderCircleIcon, SaveIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  AGREEMENT_LIMITS,
  AGREEMENT_MODES,
  type AgreementSettings,
  type AgreementSettingsResponse,
  type Language,
} from '@sp/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import {
  agreementSettingsQueryOptions,
  downloadAgreementPreview,
  useSaveAgreementSettings,
} from '../api/agreement-settings';

const schema = z.object({
  mode: z.enum(AGREEMENT_MODES),
  clauses: z.string().max(AGREEMENT_LIMITS.clauses, { error: 'agreements.settings.clausesTooLong' }),
  payment_term_days: z
    .string()
    .trim()
    .refine((value) => /^\d{1,3}$/.test(value) && Number(value) <= AGREEMENT_LIMITS.paymentTermDaysMax, {
      error: 'agreements.settings.invalidTerm',
    }),
  members_may_countersign: z.boolean(),
});

const toValues = (settings: AgreementSettingsResponse) => ({
  mode: settings.mode,
  clauses: settings.clauses,
  payment_term_days: String(settings.payment_term_days),
  members_may_countersign: settings.members_may_countersign,
});

function SettingsForm({ eventId, settings }: { eventId: number; settings: AgreementSettingsResponse }) {
  const { t } = useTranslation();
  const save = useSaveAgreementSettings(eventId);
  const [previewing, setPreviewing] = useState<Language | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(schema), defaultValues: toValues(settings) });
  const mode = watch('mode');
  const clauses = watch('clauses');
  const message = (key?: string) => (key ? t(key as TranslationKey) : undefined);

  const store = async (values: z.output<typeof schema>) => {
    const body: AgreementSettings = { ...values, payment_term_days: Number(values.payment_term_days) };
    const saved = await save.mutateAsync(body);
    reset(toValues(saved));
  };
  const submit = handleSubmit(async (values) => {
    try {
      await store(values);
      toast.success(t('agreements.settings.saved'));
    } catch (error) {
      toast.error(t('agreements.settings.saveFailed', { message: getErrorMessage(error, t) }));
    }
  });
  // The preview is made from the saved settings: unsaved changes are saved first.
  const preview = (language: Language) =>
    void handleSubmit(async (values) => {
      setPreviewing(language);
      try {
        if (isDirty) await store(values);
        await downloadAgreementPreview(eventId, language, t('agreements.settings.previewFile', { lang: language }));
      } catch (error) {
        toast.error(t('agreements.settings.previewFailed', { message: getErrorMessage(error, t) }));
      } finally {
        setPreviewing(null);
      }
    })();

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={isSubmitting || undefined}
      data-testid="agreement-settings"
    >
      <fieldset disabled={isSubmitting || previewing !== null} className="flex min-w-0 flex-col gap-4">
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">{t('agreements.settings.modeLabel')}</legend>
          {AGREEMENT_MODES.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary"
            >
              <input type="radio" value={value} {...register('mode')} className="mt-1 size-4 accent-primary" />
              <span className="min-w-0">
                <span className="block text-sm font-medium">{t(`agreements.settings.mode.${value}.title`)}</span>
                <span className="block text-sm text-muted-foreground">
                  {t(`agreements.settings.mode.${value}.text`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {mode === 'generated' ? (
          <>
            <Field
              label={t('agreements.settings.clauses')}
              hint={t('agreements.settings.clausesHint', { count: clauses.length, max: AGREEMENT_LIMITS.clauses })}
              error={message(errors.clauses?.message)}
            >
              {(c) => <Textarea {...c} {...register('clauses')} rows={8} />}
            </Field>
            <Field
              label={t('agreements.settings.paymentTerm')}
              hint={t('agreements.settings.paymentTermHint', { max: AGREEMENT_LIMITS.paymentTermDaysMax })}
              error={message(errors.payment_term_days?.message)}
              className="max-w-60"
            >
              {(c) => <Input {...c} {...register('payment_term_days')} inputMode="numeric" autoComplete="off" />}
            </Field>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                {...register('members_may_countersign')}
                disabled={!settings.caller_is_owner}
                aria-describedby={settings.caller_is_owner ? undefined : `${eventId}-owner-only`}
                className="mt-0.5 size-4 accent-primary"
              />
              <span>
                {t('agreements.settings.membersMayCountersign')}
                {settings.caller_is_owner ? null : (
                  <span id={`${eventId}-owner-only`} className="block text-xs text-muted-foreground">
                    {t('agreements.settings.ownerOnly')}
                  </span>
                )}
              </span>
            </label>
          </>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!isDirty}>
            {isSubmitting ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            {t('agreements.settings.save')}
          </Button>
          {mode === 'generated'
            ? (['de', 'en'] as const).map((language) => (
                <Button key={language} type="button" variant="outline" onClick={() => preview(language)}>
                  {previewing === language ? (
                    <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
                  ) : (
                    <EyeIcon aria-hidden="true" />
                  )}
                  {t(`agreements.settings.preview.${language}`)}
                </Button>
              ))
            : null}
        </div>
      </fieldset>
    </form>
  );
}

/** The event's agreement: the organiser's own PDF (printed, signed, uploaded) or the generated one. */
export function AgreementSettingsCard({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const settings = useQuery(agreementSettingsQueryOptions(eventId));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileSignatureIcon className="size-5 text-primary" aria-hidden="true" />
          {t('agreements.settings.title')}
        </CardTitle>
        <CardDescription>{t('agreements.settings.lead')}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            {t('agreements.loading')}
          </p>
        ) : settings.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {t('agreements.loadFailed', { message: getErrorMessage(settings.error, t) })}
          </p>
        ) : (
          <SettingsForm key={settings.data.updated_at ?? 'new'} eventId={eventId} settings={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}
