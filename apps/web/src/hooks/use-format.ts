import { useMemo } from 'react';
import { formatCurrency, formatDate, formatDateTime } from '@/lib/format';
import { useLanguage } from './use-language';

/** The format helpers bound to the active UI language. */
export function useFormat() {
  const [language] = useLanguage();
  return useMemo(
    () => ({
      date: (value: Date | string | number) => formatDate(value, language),
      dateTime: (value: Date | string | number) => formatDateTime(value, language),
      currency: (amount: number, currency?: string) => formatCurrency(amount, language, currency),
    }),
    [language],
  );
}
