// The profile's security section end to end (issue 21, point 6): changing the password with the
// current one and signing in with the new one; setting up two-factor sign-in from the shown key
// (the test computes the codes like an authenticator app), signing in with the code, the operator's
// reset; signing out another device, whose tokens the API then refuses. German and English, 1280 and
// 375 px.
import { createHmac } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { runAdmin } from '../support/admin.ts';
import { PASSWORD, completeOnboarding, createUser, uniqueEmail, type TestUser } from '../support/session.ts';

const STEP_MS = 30_000;

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/\s|=/g, '')) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 with SHA-1, 30 s and six digits, as authenticator apps compute it. */
function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const currentStep = () => Math.floor(Date.now() / STEP_MS);

/** An onboarded account that has not signed in in any browser yet. */
async function onboardedUser(page: Page): Promise<TestUser> {
  const user = await createUser(page.request);
  await completeOnboarding(page.request, user);
  return user;
}

async function setLanguage(page: Page, language: 'de' | 'en') {
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await page.goto('/config.json');
  await page.evaluate((value) => localStorage.setItem('language', value), language);
}

/** Signs in through the login page (so the browser's device is confirmed, as for a real user). */
async function logIn(page: Page, email: string, password: string, language: 'de' | 'en' = 'de') {
  await page.goto('/login/');
  await page.getByLabel(language === 'de' ? 'E-Mail-Adresse' : 'E-mail address').fill(email);
  await page.getByLabel(language === 'de' ? 'Passwort' : 'Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: language === 'de' ? 'Einloggen' : 'Log in' }).click();
}

async function newPage(browser: Browser, language: 'de' | 'en' = 'de', width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await setLanguage(page, language);
  return page;
}

test.describe('account security', () => {
  test('changes the password with the current one; the new one signs in, the old one not', async ({
    page,
    browser,
  }) => {
    const user = await onboardedUser(page);
    await logIn(page, user.email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
    await page.goto('/profile/');
    await page.getByRole('button', { name: 'Bearbeiten: Passwort' }).click();
    const drawer = page.getByRole('dialog', { name: 'Passwort ändern' });
    await drawer.getByLabel('Aktuelles Passwort', { exact: true }).fill('Falsches-Passwort-1');
    const newPassword = 'Rudern-Fuchs-2025?';
    await drawer.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
    await drawer.getByLabel('Passwort wiederholen', { exact: true }).fill(newPassword);
    await drawer.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(drawer.getByText('Das aktuelle Passwort ist falsch.')).toBeVisible();
    await drawer.getByLabel('Aktuelles Passwort', { exact: true }).fill(PASSWORD);
    await drawer.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(page.getByText('Ihr Passwort wurde geändert. Ihre anderen Geräte wurden abgemeldet.')).toBeVisible();
    await expect(drawer).toBeHidden();

    const other = await newPage(browser);
    await logIn(other, user.email, PASSWORD);
    await expect(other.getByText('Fehler beim Login: E-Mail-Adresse oder Passwort ist falsch.')).toBeVisible();
    await logIn(other, user.email, newPassword);
    await expect(other).toHaveURL(/\/dashboard\/organizer\/$/);
    await other.context().close();
  });

  test('sets up two-factor sign-in, then signs in with the code (in English), and the operator can reset it', async ({
    page,
    browser,
  }) => {
    const user = await onboardedUser(page);
    await setLanguage(page, 'en');
    await logIn(page, user.email, PASSWORD, 'en');
    await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
    await page.goto('/profile/');
    await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
    await expect(page.getByText('Off: your password is enough to log in.')).toBeVisible();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
    const key = page.getByLabel('Key to enter by hand');
    const secret = (await key.textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.screenshot({ path: test.info().outputPath('totp-setup-en-1280.png'), fullPage: true });

    const code = page.getByLabel('Code from the app');
    await code.fill(totp(secret, currentStep()) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await expect(page.getByText('The code is not correct. Please enter the current code from the app.')).toBeVisible();
    const setupStep = currentStep();
    await code.fill(totp(secret, setupStep));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await expect(page.getByText(/^On: when you log in/)).toBeVisible();

    // Another browser: the password alone no longer signs in.
    const other = await newPage(browser, 'en');
    await logIn(other, user.email, PASSWORD, 'en');
    await expect(other.getByRole('heading', { name: 'Code from your authenticator app' })).toBeVisible();
    await expect(other.getByLabel('Six-digit code')).toBeFocused();
    // The set-up's code is spent (replay): the app's next code is the one that counts.
    await other.getByLabel('Six-digit code').fill(totp(secret, setupStep));
    await other.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      other.getByText('The code is not correct. Please enter the current code from your authenticator app.'),
    ).toBeVisible();
    await other.getByLabel('Six-digit code').fill(totp(secret, Math.max(currentStep(), setupStep + 1)));
    await other.getByRole('button', { name: 'Confirm' }).click();
    await expect(other).toHaveURL(/\/dashboard\/organizer\/$/);
    await other.context().close();

    // Lost the phone: the operator turns it off; the password alone signs in again.
    expect(runAdmin(['identity', 'reset-mfa', user.email])).toBe(`Two-factor sign-in turned off for ${user.email}.`);
    const third = await newPage(browser, 'en');
    await logIn(third, user.email, PASSWORD, 'en');
    await expect(third).toHaveURL(/\/dashboard\/organizer\/$/);
    await third.context().close();
  });

  test('lists the signed-in devices and signs another one out; its tokens are refused', async ({ page, browser }) => {
    const user = await onboardedUser(page);
    await logIn(page, user.email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
    const other = await newPage(browser);
    await logIn(other, user.email, PASSWORD);
    await expect(other).toHaveURL(/\/dashboard\/organizer\/$/);
    const otherToken = await other.evaluate(
      () => Object.entries(localStorage).find(([key]) => key.endsWith('.accessToken'))?.[1] ?? '',
    );
    const profileApi = () =>
      page.request.get(`/api/user-profile/${user.sub}`, { headers: { Authorization: `Bearer ${otherToken}` } });
    expect((await profileApi()).status()).toBe(200);

    await page.goto('/profile/');
    const devices = page.getByRole('region', { name: 'Angemeldete Geräte' }).getByRole('listitem');
    await expect(devices).toHaveCount(2);
    await expect(devices.first()).toContainText('Dieses Gerät');
    await expect(devices.first()).toContainText(/^Chrome auf Windows/);
    await page.screenshot({ path: test.info().outputPath('security-de-1280.png'), fullPage: true });
    await devices
      .nth(1)
      .getByRole('button', { name: /abmelden$/ })
      .click();
    await expect(page.getByText('Das Gerät wurde abgemeldet.')).toBeVisible();
    await expect(devices).toHaveCount(1);

    expect((await profileApi()).status()).toBe(401);
    await other.goto('/profile/');
    await expect(other).toHaveURL(/\/login\//);
    await other.context().close();
  });
});

test.describe('small screens (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the security section and the set-up fit, in German', async ({ page }) => {
    const user = await onboardedUser(page);
    await logIn(page, user.email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
    await page.goto('/profile/');
    await page.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }).click();
    const qr = page.getByRole('img', { name: 'QR-Code für die Authenticator-App' });
    await qr.scrollIntoViewIfNeeded();
    await expect(qr).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('security-de-375.png'), fullPage: true });
  });
});

// An account the operator made with `npm run admin -- identity create-user` (NEW_PASSWORD_REQUIRED):
// the first sign-in with the temporary password asks for an own password and then completes.
test.describe('first sign-in with a temporary password', () => {
  const operatorMadeUser = (tag: string) => {
    const email = uniqueEmail(tag);
    const line = runAdmin(['identity', 'create-user', email]);
    const temporary = /temporary password: (\S+)$/.exec(line)?.[1];
    if (!temporary) throw new Error(`unexpected answer: ${line}`);
    return { email, temporary };
  };

  test('asks for an own password, in German, and lands on the onboarding', async ({ browser }) => {
    const page = await newPage(browser, 'de');
    const { email, temporary } = operatorMadeUser('temporary-de');
    await logIn(page, email, temporary);
    await expect(page.getByText('Neues Passwort festlegen')).toBeVisible();
    await expect(page.getByLabel('Neues Passwort', { exact: true })).toBeFocused();
    await page.getByLabel('Neues Passwort', { exact: true }).fill('Rudern-Fuchs-2025?');
    // The login page carries only its own texts: the rules and the strength meter must be among them.
    await expect(page.getByText('Das Passwort braucht:')).toBeVisible();
    await expect(page.getByText('Passwortstärke')).toBeVisible();
    await expect(page.getByText(/auth\.password/)).toHaveCount(0);
    await page.getByLabel('Passwort wiederholen').fill('Rudern-Fuchs-2025!');
    await page.getByRole('button', { name: 'Passwort festlegen und einloggen' }).click();
    await expect(page.getByText('Die Passwörter stimmen nicht überein')).toBeVisible();
    await page.getByLabel('Passwort wiederholen').fill('Rudern-Fuchs-2025?');
    await page.getByRole('button', { name: 'Passwort festlegen und einloggen' }).click();
    await expect(page).toHaveURL(/\/on-boarding\/$/);
    await page.context().close();

    // The chosen password signs in directly; the temporary one no more.
    const again = await newPage(browser, 'de');
    await logIn(again, email, temporary);
    await expect(again.getByRole('alert')).toBeVisible();
    await expect(again).toHaveURL(/\/login\//);
    await logIn(again, email, 'Rudern-Fuchs-2025?');
    await expect(again).toHaveURL(/\/on-boarding\/$/);
    await again.context().close();
  });

  test('asks for an own password, in English, on a small screen', async ({ browser }) => {
    const page = await newPage(browser, 'en', 375);
    const { email, temporary } = operatorMadeUser('temporary-en');
    await logIn(page, email, temporary, 'en');
    await expect(page.getByText('Set a new password')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Paddle-Otter-2025?');
    await page.getByLabel('Repeat password').fill('Paddle-Otter-2025?');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('new-password-en-375.png'), fullPage: true });
    await page.getByRole('button', { name: 'Set password and log in' }).click();
    await expect(page).toHaveURL(/\/on-boarding\/$/);
    await page.context().close();
  });
});
