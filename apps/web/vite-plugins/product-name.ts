// The page's first title (before the app sets its own) is the product's name from the shared
// setting: index.html says %PRODUCT_NAME%, in the default language.
import type { Plugin } from 'vite';
import { DEFAULT_LANGUAGE } from '../../../packages/shared/src/limits.ts';
import { PRODUCT_NAME } from '../../../packages/shared/src/product.ts';

export function productName(): Plugin {
  return {
    name: 'sp:product-name',
    transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', PRODUCT_NAME[DEFAULT_LANGUAGE]),
  };
}
