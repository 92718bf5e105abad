/**
 * The app's texts in both languages, bundled into the build (spec section 1: not fetched from a
 * translation service), served by the small runtime in `translator.ts` (decision 015; it replaced
 * i18next and react-i18next). German is the default and fallback. The main chunk carries only the
 * German texts of the page shell and the login page (the first page of most visits); all texts of
 * a language are their own chunk, loaded before a page that needs them is shown (`ensureTextsFor`,
 * called at start and by the root route) and before a language is switched to. The language is
 * the visitor's last choice (localStorage), else the operator's default; <html lang> follows it.
 * Components read texts through `useTranslation()`, which renders them again when the language
 * changes or texts arrive.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGES, PRODUCT_NAME, STORAGE_KEYS, type Language } from '@sp/shared';
import type de from '@/locales/de.json';
import type { TFunction } from './keys';
import { createTranslator, type Translator } from './translator';
// Keep in step with SHELL_PATHS: every group a component of the shell or of that page reads (the
// login's new-password step shows the password rules and strength).
import shellTexts from '@/locales/de.json?groups=common,boot,nav,settings,language,auth.login,auth.fields,auth.validation,auth.errors,auth.passwordRules,auth.passwordStrength,auth.pleaseWait,auth.logoutSuccess,footer,notFound,errorPage,search,alerts';

type Messages = typeof de;

/** Pages whose texts are all in shellTexts: the login, the first page of most visits. */
const SHELL_PATHS = /^\/login(\/|$)/;

const loaders: Record<Language, () => Promise<Messages>> = {
  de: () => import('@/locales/de.json').then((module) => module.default),
  en: () => import('@/locales/en.json').then((module) => module.default),
};
const complete = new Map<Language, Promise<void>>();

// `{{product}}` in any text is the product's name (packages/shared), in the text's language.
const i18n = createTranslator<Language>(DEFAULT_LANGUAGE, shellTexts, {
  de: { product: PRODUCT_NAME.de },
  en: { product: PRODUCT_NAME.en },
});

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

/** <html lang> and the page's meta description follow the UI language. */
function setDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  const description = i18n.t('common.metaDescription');
  if (description !== 'common.metaDescription') {
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }
}

/** Loads all texts of `language` (once). */
function ensureLoaded(language: Language): Promise<void> {
  let loading = complete.get(language);
  if (!loading) {
    loading = loaders[language]().then((texts) => {
      i18n.addTexts(language, texts);
    });
    loading.catch(() => complete.delete(language));
    complete.set(language, loading);
  }
  return loading;
}

/** Before a page at `pathname` is shown: all texts of the current language unless the shell's suffice. */
export async function ensureTextsFor(pathname: string): Promise<void> {
  const { language } = i18n;
  if (language !== DEFAULT_LANGUAGE || !SHELL_PATHS.test(pathname)) await ensureLoaded(language);
}

/**
 * Starts in the stored or the given default language; resolves once the texts of the page at
 * `pathname` are loaded (all texts when none is given).
 */
export async function initI18n(defaultLanguage: Language = DEFAULT_LANGUAGE, pathname = ''): Promise<typeof i18n> {
  const language = readStoredLanguage() ?? defaultLanguage;
  if (language !== DEFAULT_LANGUAGE) await ensureLoaded(language);
  i18n.setLanguage(language);
  await ensureTextsFor(pathname);
  setDocumentLanguage(language);
  return i18n;
}

/** Switches the UI language and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await ensureLoaded(language);
  i18n.setLanguage(language);
  setDocumentLanguage(language);
}

/** `t` for the current language, and the translator; the component renders again on every change. */
export function useTranslation(): { t: TFunction; i18n: Translator<Language> } {
  const { t } = useSyncExternalStore(i18n.subscribe, i18n.getState, i18n.getState);
  return { t, i18n };
}

export { i18n };
export type { TFunction, TranslationKey } from './keys';
