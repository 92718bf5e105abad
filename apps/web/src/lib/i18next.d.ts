import type de from '@/locales/de.json';

declare module 'i18next' {
  // Declaration merging needs an interface here; it makes t() accept only keys of de.json.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof de };
  }
}
