// The login page before the app has started (lib/early-submit.ts): its markup is in the HTML, so on
// a slow phone the visitor types and presses Enter while the app's scripts still download. The
// browser must not submit the form natively (the server has no such route: it used to show the
// API's JSON error), and once the app has started it signs in with what was typed, once; typing
// before the start and finishing after it keeps the first field. The app's entry script is held
// back here until the test releases it.
import { expect, test, type Page } from '@playwright/test';
import { holdAppScript } from '../support/app-script.ts';
import { completeOnboarding, createUser, PASSWORD, type TestUser } from '../support/session.ts';

/** Whether the app has taken the page over (AppProvider's first effect, lib/early-submit.ts). */
async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (globalThis as Record<symbol, { started?: boolean }>)[Symbol.for('sponsoring-platform.early-submit')]?.started,
  );
}

async function onboardedOrganiser(page: Page): Promise<TestUser> {
  const user = await createUser(page.request);
  await completeOnboarding(page.request, user);
  return user;
}

/** Opens the login page with the app's script held; `language` is stored first when given. */
async function openLoginBeforeStart(page: Page, language?: 'en'): Promise<() => void> {
  if (language) {
    // The browser asks a JSON document's origin for /favicon.ico (the app uses /favicon.svg).
    await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
    await page.goto('/config.json');
    await page.evaluate((value) => localStorage.setItem('language', value), language);
  }
  const release = await holdAppScript(page);
  await page.goto('/login/', { waitUntil: 'commit' });
  // The prerendered form, German, before any script of the app's has run.
  await expect(page.locator('#root[data-prerendered="/login/"] form')).toBeVisible();
  return release;
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('Enter before the app started: no native submission, and the German app signs in once it has started', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  const user = await onboardedOrganiser(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
  const release = await openLoginBeforeStart(page);

  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password"]').press('Enter');
  // Still the login page with what was typed: the browser sent nothing.
  await expect(page.locator('input[name="email"]')).toHaveValue(user.email);
  expect(requests).not.toContain('POST /login/');
  // The submit button shows the submission is under way until the app takes it over.
  await expect(page.locator('html')).toHaveAttribute('data-submit-held', '');
  const submit = page.getByRole('button', { name: 'Einloggen' });
  await expect(submit).toHaveCSS('cursor', 'progress');
  expect(await submit.evaluate((button) => getComputedStyle(button, '::before').animationName)).toBe('sp-held-spin');

  release();
  await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
  expect(requests).not.toContain('POST /login/');
  await expect(page.locator('html')).not.toHaveAttribute('data-submit-held');
  expect(errors).toEqual([]);
});

test('in English the app replaces the prerendered page and still signs in with what was submitted', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  const user = await onboardedOrganiser(page);
  const release = await openLoginBeforeStart(page, 'en');

  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page).toHaveURL(/\/login\/$/);

  release();
  await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a wrong password submitted before the start gets the error, in German, with the address kept', async ({
  page,
}) => {
  const user = await onboardedOrganiser(page);
  const release = await openLoginBeforeStart(page);

  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill('Falsch-2024!x');
  await page.locator('input[name="password"]').press('Enter');
  release();

  await expect(page.getByRole('alert')).toHaveText('Fehler beim Login: E-Mail-Adresse oder Passwort ist falsch.');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(user.email);
  await expect(page).toHaveURL(/\/login\/$/);
});

test('an address typed before the start stays when the password is typed after it', async ({ page }) => {
  const errors = consoleErrors(page);
  const user = await onboardedOrganiser(page);
  const release = await openLoginBeforeStart(page);

  await page.locator('input[name="email"]').fill(user.email);
  release();
  await appStarted(page);

  // Typing re-renders the form: the address must come from what the visitor sees, not be emptied.
  await page.getByLabel('Passwort', { exact: true }).pressSequentially(PASSWORD);
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(user.email);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
  expect(errors).toEqual([]);
});
