// A journey that must stay live: counts the documents a page loads (a reload, a form's full-page
// submit or a hard link each load one; the app's own navigation loads none), so a spec can assert
// that after its one `goto` nothing was loaded again. `page.reload` fails outright.
import type { Page } from '@playwright/test';

export function watchDocumentLoads(page: Page): { loads: () => number } {
  let loads = 0;
  page.on('load', () => (loads += 1));
  page.reload = () => {
    throw new Error('this journey stays live: no page.reload');
  };
  return { loads: () => loads };
}
