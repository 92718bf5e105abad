import { useMemo, type Ref } from 'react';
import { DatePicker } from '@/components/ui/date-picker';
import { datePattern, datePlaceholder } from '@/components/ui/date-input-format';
import type { FieldControlProps } from '@/components/ui/field';
import { useLanguage } from '@/hooks/use-language';
import { INTL_LOCALES } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

/**
 * The app's date picker in the app language's order (TT.MM.JJJJ in German), whatever the browser's
 * locale: a native date input would follow the browser and show mm/dd/yyyy to a German user of an
 * English browser. `onChange` gets an ISO date, or the typed text while it is not one yet.
 */
export function DateField({
  control,
  value,
  onChange,
  onBlur,
  name,
  disabled,
  ref,
}: {
  control: Partial<FieldControlProps>;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
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
  return (
    <DatePicker
      {...control}
      ref={ref}
      name={name}
      disabled={disabled}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      locale={locale}
      placeholder={placeholder}
      labels={{
        openCalendar: t('events.form.datePicker.open'),
        calendar: t('events.form.datePicker.calendar'),
        previousMonth: t('events.form.datePicker.previousMonth'),
        nextMonth: t('events.form.datePicker.nextMonth'),
      }}
    />
  );
}
