/**
 * The app's translation runtime, in place of i18next (docs/decisions/015-in-house-translations.md):
 * nested texts per language, `{{name}}` placeholders, plurals by `count` (`_one`, `_other`, … via
 * Intl.PluralRules, `_zero` first for 0), fallback to another language and then to the key. Values
 * are inserted as they are: React escapes them when it renders. Nothing else of i18next (nesting,
 * formatters, context, namespaces) is used by the texts; `translator.test.ts` checks that they stay
 * within this.
 */

export type Texts = { readonly [key: string]: string | Texts };

/** Values for the placeholders; `count` also picks the plural form. */
export type TranslateOptions = { readonly count?: number; readonly [name: string]: unknown };

export type Translate<Key extends string = string> = (key: Key, options?: TranslateOptions) => string;

/** What the current texts and language give; replaced as a whole on every change (React's snapshot). */
export type TranslatorState<Language extends string> = {
  readonly language: Language;
  readonly t: Translate;
};

export type Translator<Language extends string> = {
  readonly language: Language;
  readonly t: Translate;
  exists(key: string): boolean;
  /** Merges `texts` into the language's texts (later sets win). */
  addTexts(language: Language, texts: Texts): void;
  setLanguage(language: Language): void;
  getState(): TranslatorState<Language>;
  subscribe(listener: () => void): () => void;
};

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * Replaces `{{name}}` with `values[name]` (null and undefined as ''); a placeholder without an
 * entry in `values` stays as it is, as in i18next. Inserted values are not read again.
 */
export function interpolate(text: string, values: { readonly [name: string]: unknown } | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name] ?? '') : match,
  );
}

function lookup(texts: Texts | undefined, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function merge(target: Texts | undefined, source: Texts): Texts {
  const result: { [key: string]: string | Texts } = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = result[key];
    result[key] = typeof value === 'string' || typeof current !== 'object' ? value : merge(current, value);
  }
  return result;
}

/**
 * `constants` are placeholder values every text of a language gets unless the caller passes its own
 * (the product's name as `{{product}}`: one setting, not a copy in each text).
 */
export function createTranslator<Language extends string>(
  fallbackLanguage: Language,
  initialTexts: Texts,
  constants: Partial<Record<Language, { readonly [name: string]: string }>> = {},
): Translator<Language> {
  const texts = new Map<Language, Texts>([[fallbackLanguage, initialTexts]]);
  const pluralRules = new Map<Language, Intl.PluralRules>();
  const listeners = new Set<() => void>();

  function resolve(language: Language, key: string, count: number | undefined): string | undefined {
    const own = texts.get(language);
    if (count !== undefined) {
      let rules = pluralRules.get(language);
      if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
      const plural =
        (count === 0 ? lookup(own, `${key}_zero`) : undefined) ?? lookup(own, `${key}_${rules.select(count)}`);
      if (plural !== undefined) return plural;
    }
    return lookup(own, key);
  }

  function stateFor(language: Language): TranslatorState<Language> {
    const t: Translate = (key, options) => {
      const count = typeof options?.count === 'number' ? options.count : undefined;
      const text =
        resolve(language, key, count) ??
        (language === fallbackLanguage ? undefined : resolve(fallbackLanguage, key, count));
      const fixed = constants[language];
      return text === undefined ? key : interpolate(text, fixed ? { ...fixed, ...options } : options);
    };
    return { language, t };
  }

  let state = stateFor(fallbackLanguage);

  function update(language: Language): void {
    state = stateFor(language);
    for (const listener of [...listeners]) listener();
  }

  return {
    get language() {
      return state.language;
    },
    get t() {
      return state.t;
    },
    exists: (key) =>
      resolve(state.language, key, undefined) !== undefined || resolve(fallbackLanguage, key, undefined) !== undefined,
    addTexts(language, added) {
      texts.set(language, merge(texts.get(language), added));
      update(state.language);
    },
    setLanguage(language) {
      if (language !== state.language) update(language);
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
