import type { Language } from '@sp/shared';
import { dateTimeFormat, formatDate, INTL_LOCALES } from '@/lib/format';

/** The list's time stamp: 14:07 for today, else the date (05.03.2025 / 05/03/2025). */
export function formatListTime(value: string, language: Language, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (date.toDateString() !== now.toDateString()) return formatDate(date, language);
  return dateTimeFormat(INTL_LOCALES[language], { hour: '2-digit', minute: '2-digit' }).format(date);
}
