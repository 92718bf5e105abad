// The organiser dashboard's prerendered frame (decision 012): its copy of index.html holds the page
// as an organiser sees it while the data is on its way, shown by the inline script before the app's
// scripts have run, only to a stored session it fits, and replaced by the app's first render.
// The app's entry script is held back here, so that what the HTML alone shows can be looked at.
import { expect, test, type Page } from '@playwright/test';
import { holdAppScript } from '../support/app-script.ts';
import { signInOnboardedUser } from '../support/session.ts';

/** Waits until the page has had the answer of `pathname` (the inline script decides after it). */
async function answered(page: Page, pathname: string): Promise<void> {
  await page.waitForFunction(
    (wanted) =>
      performance
        .getEntriesByType('resource')
        .some(
          (entry) =>
            new URL(entry.name).pathname.startsWith(wanted) && (entry as PerformanceResourceTiming).responseEnd > 0,
        ),
    pathname,
  );
}

const frame = (page: Page) => page.locator('[data-frame]');

test('a German organiser sees the dashboard frame before the scripts run, and the app replaces it', async ({
  page,
}, testInfo) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signInOnboardedUser(page, { language: 'de' });
  const release = await holdAppScript(page);
  await page.goto('/dashboard/organizer/', { waitUntil: 'commit' });

  await expect(frame(page).locator('h1')).toHaveText('Übersicht');
  await expect(frame(page).locator('h1')).toBeVisible();
  await expect(frame(page).getByTestId('team-size')).toBeVisible();
  // The cards' pending mark, no figure.
  await expect(frame(page).getByTestId('team-size')).toContainText('…');
  // Inert: none of its controls work yet, so neither a click nor assistive technology reaches them.
  await expect(frame(page)).toHaveAttribute('inert', '');
  const tab = frame(page).getByRole('link', { name: 'Meine Events' });
  const box = (await tab.boundingBox())!;
  expect(
    await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a') ?? null, {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    }),
  ).toBeNull();
  await page.screenshot({ path: testInfo.outputPath('frame-de-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('frame-de-375.png'), fullPage: true });

  release();
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
  await expect(page.getByTestId('team-size')).toHaveText('1');
  await expect(frame(page)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('app-de-375.png'), fullPage: true });
  // The tabs are the app's own links now: client-side navigation.
  await page.getByRole('link', { name: 'Meine Events' }).click();
  await expect(page).toHaveURL(/\/dashboard\/organizer\/events$/);
  expect(errors).toEqual([]);
});

test('the frame stays hidden for an English organiser and without a session, and hides again for a sponsor', async ({
  browser,
}) => {
  const english = await browser.newPage();
  await signInOnboardedUser(english, { language: 'en' });
  const releaseEnglish = await holdAppScript(english);
  await english.goto('/dashboard/organizer/', { waitUntil: 'commit' });
  // Past the point where the script shows the frame to a German session.
  await answered(english, '/api/user-profile/');
  await expect(frame(english).locator('h1')).toBeHidden();
  releaseEnglish();
  await expect(english.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await english.close();

  const signedOut = await browser.newPage();
  const releaseSignedOut = await holdAppScript(signedOut);
  await signedOut.goto('/dashboard/organizer/', { waitUntil: 'commit' });
  await answered(signedOut, '/config.json');
  await signedOut.waitForTimeout(300);
  await expect(frame(signedOut).locator('h1')).toBeHidden();
  releaseSignedOut();
  await expect(signedOut).toHaveURL(/\/login\//);
  await signedOut.close();

  const sponsor = await browser.newPage();
  await signInOnboardedUser(sponsor, { language: 'de', role: 'sponsor' });
  await recordFrameShown(sponsor);
  const releaseSponsor = await holdAppScript(sponsor);
  await sponsor.goto('/dashboard/organizer/', { waitUntil: 'commit' });
  await answered(sponsor, '/api/user-profile/');
  await expect(frame(sponsor).locator('h1')).toBeHidden();
  // The first load shows it until the profile's answer says "sponsor" ...
  expect(await frameWasShown(sponsor)).toBe(true);
  releaseSponsor();
  await expect(frame(sponsor)).toHaveCount(0);
  // ... and that answer is remembered: the next load never shows it.
  await sponsor.goto('/dashboard/organizer/', { waitUntil: 'commit' });
  await answered(sponsor, '/api/user-profile/');
  expect(await frameWasShown(sponsor)).toBe(false);
  await sponsor.close();
});

/** Records, from the start of every document, whether the inline script ever showed the frame. */
async function recordFrameShown(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { frameShown?: boolean };
    record.frameShown = false;
    // The document, not its root element: that may not exist yet when this runs.
    new MutationObserver(() => {
      if (document.documentElement?.hasAttribute('data-frame-shown')) record.frameShown = true;
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-frame-shown'] });
  });
}

async function frameWasShown(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { frameShown?: boolean }).frameShown === true);
}
