import { useMemo } from 'react';
import { DatePicker } from '@/components/ui/date-picker';
import { datePattern, datePlaceholder } from '@/components/ui/date-input-format';
import type { FieldControlProps } from '@/components/ui/field';
import { useLanguage } from '@/hooks/use-language';
import { INTL_LOCALES } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

/** The app's date picker in the user's order (TT.MM.JJJJ in German), inside a Field. */
export function DateField({
  control,
  value,
  onChange,
}: {
  control: FieldControlProps;
  value: string;
  onChange: (value: string) => void;
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
      value={value}
      onChange={onChange}
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
