import { i18n, type TFunction, type TranslationKey } from '@/lib/i18n';

/** A text the server names by code (a column, a cell's label): translated when known, else as the server sent it. */
export const knownText = (t: TFunction, key: string, fallback: string): string =>
  i18n.exists(key) ? t(key as TranslationKey) : fallback;
