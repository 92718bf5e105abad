/**
 * i18next with both languages bundled into the build (spec section 1: not fetched from a
 * translation service). German is the default and fallback and ships in the main chunk; English
 * is its own chunk, loaded before it is shown. The language is the visitor's last choice
 * (localStorage), else the operator's default; <html lang> follows it.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@sp/shared';
import de from '@/locales/de.json';

type Messages = typeof de;

const loaders: Record<Language, () => Promise<Messages>> = {
  de: () => Promise.resolve(de),
  en: () => import('@/locales/en.json').then((module) => module.default),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function readStoredLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Storage disabled: the choice then lasts for this page only.
  }
}

function setDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loaders[language]());
}

/** Starts i18next in the stored or the given default language; resolves once its texts are loaded. */
export async function initI18n(defaultLanguage: Language = DEFAULT_LANGUAGE): Promise<typeof i18n> {
  const language = readStoredLanguage() ?? defaultLanguage;
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { [DEFAULT_LANGUAGE]: { translation: de } },
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    i18n.on('languageChanged', setDocumentLanguage);
  }
  await ensureLoaded(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  setDocumentLanguage(language);
  return i18n;
}

/** Switches the UI language and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
}

export { i18n };
