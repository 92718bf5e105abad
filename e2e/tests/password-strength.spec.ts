// The password-strength meter (issue 25) against the production build: it reacts while a new password
// is typed on the register and the reset page, at desktop and phone width, in German and English, with
// a text label (not colour alone) in an aria-live region and a meter role; it refuses what the
// identity provider refuses; and the login page does not load the check.
import { expect, test, type Page } from '@playwright/test';

const TEXTS = {
  de: {
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    newPassword: 'Neues Passwort',
    label: 'Passwortstärke',
    weak: 'Passwortstärke: mittel',
    strong: 'Passwortstärke: sehr stark',
    common: 'Dieses Passwort gehört zu den häufigsten Passwörtern',
    personal: 'Das Passwort enthält Teile Ihrer E-Mail-Adresse',
  },
  en: {
    email: 'E-mail address',
    password: 'Password',
    newPassword: 'New password',
    label: 'Password strength',
    weak: 'Password strength: fair',
    strong: 'Password strength: very strong',
    common: 'This password is among the most common passwords',
    personal: 'The password contains parts of your e-mail address',
  },
} as const;

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;

async function useLanguage(page: Page, language: 'de' | 'en') {
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
}

/** Types a password key by key, as a user does, replacing what the field held. */
async function typePassword(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill('');
  await field.pressSequentially(value, { delay: 20 });
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of VIEWPORTS) {
  for (const language of ['de', 'en'] as const) {
    const texts = TEXTS[language];

    test.describe(`password strength at ${viewport.width} px in ${language}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test('the register page rates the password while it is typed', async ({ page }) => {
        await useLanguage(page, language);
        await page.goto('/register/');
        await page.getByLabel(texts.email, { exact: true }).fill('anna@verein-sonnenschein.de');
        const meter = page.getByRole('meter', { name: texts.label });
        const live = page.locator('[data-password-strength] [aria-live="polite"]');

        await typePassword(page, texts.password, 'Passwort1!');
        await expect(live).toContainText(texts.weak);
        await expect(live).toContainText(texts.common);
        await expect(meter).toHaveAttribute('aria-valuenow', '2');
        await expect(meter).toBeVisible();

        await typePassword(page, texts.password, 'Sonnenschein-77!');
        await expect(live).toContainText(texts.personal);

        await typePassword(page, texts.password, 'Wiesel-Kanu-Mond-7');
        await expect(live).toContainText(texts.strong);
        await expect(live).not.toContainText(texts.common);
        await expect(meter).toHaveAttribute('aria-valuenow', '4');
        await expectNoHorizontalScroll(page);
      });

      test('the reset page rates the new password while it is typed, and refuses a common one', async ({ page }) => {
        await useLanguage(page, language);
        await page.goto('/reset-password/anna%40verein.de');
        const meter = page.getByRole('meter', { name: texts.label });
        const live = page.locator('[data-password-strength] [aria-live="polite"]');

        await typePassword(page, texts.newPassword, 'Sommer2026!');
        await expect(live).toContainText(texts.label);
        await expect(meter).not.toHaveAttribute('aria-valuenow', '4');
        const weakScore = Number(await meter.getAttribute('aria-valuenow'));
        expect(weakScore).toBeLessThan(3);

        await typePassword(page, texts.newPassword, 'Wiesel-Kanu-Mond-7');
        await expect(live).toContainText(texts.strong);
        await expect(meter).toHaveAttribute('aria-valuenow', '4');
        await expectNoHorizontalScroll(page);

        // Submitting a common password stops at the field with the reason; nothing is sent.
        let identityCalls = 0;
        page.on('request', (request) => {
          if (request.url().includes('/identity/') && request.method() === 'POST') identityCalls += 1;
        });
        await page.getByLabel(language === 'de' ? 'Code aus der E-Mail' : 'Code from the e-mail').fill('123456');
        await typePassword(page, texts.newPassword, 'Passwort1!');
        // The hint below the field grows when its verdict settles (150 ms after the last key); at 375 px
        // that moves the button down a line, so a click aimed before it could land beside the button.
        await expect(live).toContainText(texts.common);
        await page.getByLabel(language === 'de' ? 'Passwort wiederholen' : 'Repeat password').fill('Passwort1!');
        await page
          .getByRole('button', { name: language === 'de' ? 'Passwort zurücksetzen' : 'Reset password' })
          .click();
        await expect(page.getByLabel(texts.newPassword, { exact: true })).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByText(texts.common).first()).toBeVisible();
        expect(identityCalls).toBe(0);
      });
    });
  }
}

test('the login page does not load the password-strength check', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/login/');
  await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((url) => url.includes('password-strength'))).toBe(false);
  expect(scripts.length).toBeGreaterThan(0);
});
