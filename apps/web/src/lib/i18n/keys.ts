/**
 * Typed keys of the texts: every leaf of de.json as a dotted path, and a plural key also without
 * its `_one`/`_other` suffix (that form takes a `count`), as i18next's key types gave them.
 */
import type de from '@/locales/de.json';
import type { Translate } from './translator';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type WithoutPluralSuffix<Key extends string> = Key extends `${infer Base}_${Intl.LDMLPluralRule}` ? Base : never;

type LeafKey = Leaves<typeof de>;

export type TranslationKey = LeafKey | WithoutPluralSuffix<LeafKey>;

export type TFunction = Translate<TranslationKey>;
