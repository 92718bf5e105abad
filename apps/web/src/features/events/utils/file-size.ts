import { INTL_LOCALES, numberFormat } from '@/lib/format';
import type { Language } from '@sp/shared';

/** 240 KB, 1.5 MB: decimal units, as file managers show them. */
export function formatFileSize(bytes: number, language: Language): string {
  const megabytes = bytes >= 1_000_000;
  return numberFormat(INTL_LOCALES[language], {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(megabytes ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)));
}
