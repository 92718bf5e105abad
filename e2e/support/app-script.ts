import type { Page } from '@playwright/test';

/**
 * Holds the app's entry script until the returned function is called, so that what a page's HTML
 * alone does (its prerendered markup, index.html's inline script) can be looked at and used.
 */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
