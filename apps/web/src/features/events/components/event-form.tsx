import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { LoaderCircleIcon } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { AGREEMENT_MODES, type AgreementMode, type EventFile } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { datePattern, datePlaceholder } from '@/components/ui/date-input-format';
import { DatePicker } from '@/components/ui/date-picker';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-error';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { INTL_LOCALES } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import {
  EVENT_FIELD_MAX,
  eventFormSchema,
  type EventFormOutput,
  type EventFormValues,
} from '../utils/event-form-schema';
import { formatFileSize } from '../utils/file-size';
import { failureCause, pdfProblem, type PdfProblem } from '../utils/save-failure';
import { DownloadFileButton } from './download-file-button';
import { PdfField } from './pdf-field';

const TEXT_FIELDS = ['title', 'event_date', 'location', 'description'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

function pdfErrors(problem: PdfProblem | null | undefined): FieldErrors<EventFormValues> | undefined {
  if (!problem) return undefined;
  return { pdf: { type: problem.kind, message: problem.kind } };
}

/**
 * Title, date, location, description and the PDF of an event (spec sections 2 and 5). It checks
 * the fields, then hands the values to `onSubmit`; a failure it can place (a field the API names,
 * a refused PDF) is shown at its field, anything else goes to `onUnhandledError`.
 */
export function EventForm({
  defaultValues,
  requirePdf,
  currentFile,
  notice,
  initialPdfProblem,
  agreementMode = 'upload',
  onAgreementModeChange,
  onSubmit,
  onUnhandledError,
}: {
  defaultValues: EventFormValues;
  /** A new event, or one without a document: saving needs a PDF. */
  requirePdf: boolean;
  /** The stored document of the event being edited. */
  currentFile: EventFile | null;
  notice?: ReactNode;
  /** Why the PDF of an earlier attempt was refused, shown at the field from the start. */
  initialPdfProblem?: PdfProblem | null;
  /** generated: the event uses the platform's agreement, signed in the browser, and needs no PDF of its own. */
  agreementMode?: AgreementMode;
  /** Offers the choice of agreement (a new event); without it the mode is shown as it is. */
  onAgreementModeChange?: (mode: AgreementMode) => void;
  onSubmit: (values: EventFormOutput, onUploadProgress: (fraction: number) => void) => Promise<void>;
  onUnhandledError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const locale = INTL_LOCALES[language];
  const placeholder = useMemo(
    () =>
      datePlaceholder(datePattern(locale), {
        day: t('events.form.dateLetters.day'),
        month: t('events.form.dateLetters.month'),
        year: t('events.form.dateLetters.year'),
      }),
    [locale, t],
  );
  const needsPdf = requirePdf && agreementMode !== 'generated';
  const schema = useMemo(() => eventFormSchema({ requirePdf: needsPdf }), [needsPdf]);
  const [initialErrors] = useState(() => pdfErrors(initialPdfProblem));
  const form = useForm<EventFormValues, unknown, EventFormOutput>({
    resolver: zodResolver(schema),
    defaultValues,
    errors: initialErrors,
  });
  const { register, control, formState, setError, clearErrors, setFocus, watch } = form;
  const { errors } = formState;
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [maxBytes, setMaxBytes] = useState<number | null>(
    initialPdfProblem?.kind === 'too_large' ? initialPdfProblem.maxBytes : null,
  );
  const [focusAfterSave, setFocusAfterSave] = useState<TextField | 'pdf' | null>(null);

  useEffect(() => {
    if (saving || !focusAfterSave) return;
    setFocus(focusAfterSave);
    setFocusAfterSave(null);
  }, [saving, focusAfterSave, setFocus]);

  function textMessage(field: TextField, message: string | undefined): string | undefined {
    if (!message) return undefined;
    switch (message) {
      case 'required':
        return t('events.form.errors.required');
      case 'too_long':
        return field === 'event_date'
          ? t('events.form.errors.invalid')
          : t('events.form.errors.tooLong', { max: EVENT_FIELD_MAX[field] });
      case 'invalid_date':
        return t('events.form.errors.invalidDate', { pattern: placeholder });
      default:
        return t('events.form.errors.invalid');
    }
  }

  function pdfMessage(message: string | undefined): string | undefined {
    switch (message) {
      case undefined:
        return undefined;
      case 'pdf_required':
      case 'not_pdf':
      case 'required':
        return t('events.form.errors.pdf');
      case 'too_large':
        return maxBytes === null
          ? t('events.form.errors.tooLarge')
          : t('events.form.errors.tooLargeMax', { max: formatFileSize(maxBytes, language) });
      default:
        return t('events.form.errors.invalid');
    }
  }

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    setProgress(values.pdf ? 0 : null);
    try {
      await onSubmit(values, setProgress);
    } catch (error) {
      const problem = pdfProblem(error);
      const cause = failureCause(error);
      if (problem) {
        setMaxBytes(problem.kind === 'too_large' ? problem.maxBytes : null);
        setError('pdf', { type: problem.kind, message: problem.kind });
        setFocusAfterSave('pdf');
        return;
      }
      const field = applyApiFieldErrors(cause, TEXT_FIELDS, setError);
      const filesCode = isApiError(cause) ? cause.fields?.files : undefined;
      if (filesCode) setError('pdf', { type: 'server', message: filesCode });
      if (field) setFocusAfterSave(field);
      else if (filesCode) setFocusAfterSave('pdf');
      else onUnhandledError(error);
    } finally {
      setSaving(false);
      setProgress(null);
    }
  });

  const title = watch('title');
  const description = watch('description');
  const counter = (count: number, max: number) => (
    <span className={cn('tabular-nums', count > max && 'font-medium text-destructive')}>
      {t('events.form.counter', { count, max })}
    </span>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-8 flex flex-col gap-6">
      {notice}
      <fieldset disabled={saving} className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <Field
          label={t('events.form.fields.title')}
          hint={counter(title.length, EVENT_FIELD_MAX.title)}
          error={textMessage('title', errors.title?.message)}
          className="sm:col-span-2"
        >
          {(controlProps) => (
            <Input {...controlProps} placeholder={t('events.form.placeholders.title')} {...register('title')} />
          )}
        </Field>
        <Controller
          control={control}
          name="event_date"
          render={({ field, fieldState }) => (
            <Field
              label={t('events.form.fields.eventDate')}
              hint={t('events.form.dateHint', { pattern: placeholder })}
              error={textMessage('event_date', fieldState.error?.message)}
            >
              {(controlProps) => (
                <DatePicker
                  {...controlProps}
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={field.disabled || saving}
                  locale={locale}
                  placeholder={placeholder}
                  labels={{
                    openCalendar: t('events.form.datePicker.open'),
                    calendar: t('events.form.datePicker.calendar'),
                    previousMonth: t('events.form.datePicker.previousMonth'),
                    nextMonth: t('events.form.datePicker.nextMonth'),
                  }}
                />
              )}
            </Field>
          )}
        />
        <Field label={t('events.form.fields.location')} error={textMessage('location', errors.location?.message)}>
          {(controlProps) => (
            <Input {...controlProps} placeholder={t('events.form.placeholders.location')} {...register('location')} />
          )}
        </Field>
        <Field
          label={t('events.form.fields.description')}
          hint={counter(description.length, EVENT_FIELD_MAX.description)}
          error={textMessage('description', errors.description?.message)}
          className="sm:col-span-2"
        >
          {(controlProps) => (
            <Textarea
              {...controlProps}
              rows={7}
              placeholder={t('events.form.placeholders.description')}
              {...register('description')}
            />
          )}
        </Field>
        {onAgreementModeChange ? (
          <fieldset className="flex min-w-0 flex-col gap-2 sm:col-span-2" data-testid="event-agreement-mode">
            <legend className="mb-2 text-sm font-medium">{t('agreements.settings.modeLabel')}</legend>
            {AGREEMENT_MODES.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary"
              >
                <input
                  type="radio"
                  name="agreement_mode"
                  value={value}
                  checked={agreementMode === value}
                  onChange={() => {
                    onAgreementModeChange(value);
                    clearErrors('pdf');
                  }}
                  className="mt-1 size-4 accent-primary"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium">{t(`agreements.settings.mode.${value}.title`)}</span>
                  <span className="block text-sm text-muted-foreground">
                    {t(`agreements.settings.mode.${value}.text`)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {agreementMode === 'generated' ? (
          <div className="flex flex-col gap-2 text-sm sm:col-span-2" data-testid="event-pdf-not-needed">
            <p className="rounded-md border border-border bg-muted p-3">{t('events.form.pdf.notNeeded')}</p>
            {currentFile ? (
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <span className="text-muted-foreground">{t('events.form.pdf.current')}</span>
                <DownloadFileButton file={currentFile} />
              </div>
            ) : null}
          </div>
        ) : null}
        {agreementMode === 'generated' ? null : (
          <div className="sm:col-span-2">
            <Controller
              control={control}
              name="pdf"
              render={({ field, fieldState }) => (
                <PdfField
                  label={t('events.form.fields.pdf')}
                  value={field.value}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  onChange={(file) => {
                    field.onChange(file);
                    clearErrors('pdf');
                  }}
                  onReject={() => setError('pdf', { type: 'not_pdf', message: 'not_pdf' }, { shouldFocus: false })}
                  current={
                    currentFile ? (
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
                        <span className="text-muted-foreground">{t('events.form.pdf.current')}</span>
                        <DownloadFileButton file={currentFile} />
                      </div>
                    ) : null
                  }
                  error={pdfMessage(fieldState.error?.message)}
                  progress={progress}
                  disabled={saving}
                />
              )}
            />
          </div>
        )}
      </fieldset>
      <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to="/dashboard/organizer/events">{t('events.form.cancel')}</Link>
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {saving ? t('events.form.saving') : t('events.form.save')}
        </Button>
      </div>
    </form>
  );
}
