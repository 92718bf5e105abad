import type { Language } from './limits.ts';

/**
 * The product's name, the one setting every mail, page and document takes it from (the web app's
 * `common.appName`, the API's mail texts). German writes the compound with a hyphen.
 */
export const PRODUCT_NAME = { de: 'Sponsoring-Plattform', en: 'Sponsoring Platform' } as const satisfies Record<
  Language,
  string
>;
