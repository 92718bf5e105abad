import type { Language } from '@sp/shared';
import { changeLanguage, useTranslation } from '@/lib/i18n';

/** The active UI language and a setter that remembers the choice. */
export function useLanguage(): [Language, (language: Language) => Promise<void>] {
  const { i18n } = useTranslation();
  return [i18n.language, changeLanguage];
}
