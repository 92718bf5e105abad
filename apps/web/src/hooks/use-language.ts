import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '@sp/shared';
import { changeLanguage, isLanguage } from '@/lib/i18n';

/** The active UI language and a setter that remembers the choice. */
export function useLanguage(): [Language, (language: Language) => Promise<void>] {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return [language, changeLanguage];
}
