// Onboarding and the profile page end to end: the forced onboarding with role and master data, the
// role-dependent start pages and guards, editing master data and role in the side drawers, the
// password change (account-security.spec.ts), cancelling the account, and the small screen.
import { expect, test, type Page } from '@playwright/test';
import { initiateAuth, signInNewUser, signInOnboardedUser } from '../support/session.ts';

async function fillMasterData(page: Page, values: { city?: string } = {}) {
  await page.getByLabel('Name der Organisation').fill('Kulturverein Nord e. V.');
  await page.getByLabel('Straße').fill('Am Markt');
  await page.getByLabel('Hausnummer').fill('3');
  await page.getByLabel('PLZ').fill('20095');
  await page.getByLabel('Ort').fill(values.city ?? 'Hamburg');
}

async function chooseCountry(page: Page, typed: string, expected: string) {
  const country = page.getByRole('combobox', { name: 'Land' });
  await country.fill(typed);
  await expect(page.getByRole('option', { name: expected })).toBeVisible();
  await country.press('Enter');
  await expect(country).toHaveValue(expected);
}

test.describe('onboarding', () => {
  test('an organiser chooses the role, enters the master data and lands on the organiser dashboard', async ({
    page,
  }) => {
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await signInNewUser(page);

    // The root layout forces onboarding from any other page.
    await page.goto('/chats/');
    await expect(page).toHaveURL(/\/on-boarding\/$/);
    await expect(page.getByText('Schritt 1 von 2')).toBeVisible();
    const next = page.getByRole('button', { name: 'Weiter' });
    await expect(next).toBeDisabled();
    await page.getByText('Veranstalter', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Veranstalter', exact: true })).toBeChecked();
    await next.click();

    await expect(page.getByRole('heading', { name: 'Angaben zu Ihrer Organisation' })).toBeFocused();
    await expect(page.getByRole('combobox', { name: 'Land' })).toHaveValue('Deutschland');
    await fillMasterData(page);
    await chooseCountry(page, 'Österr', 'Österreich');
    // Hamburg's postcode does not fit Austria: refused at the field, with the format Austria expects.
    await page.getByRole('button', { name: 'Onboarding abschließen' }).click();
    await expect(page.getByLabel('PLZ')).toHaveAccessibleDescription(
      'Keine gültige PLZ (Land: Österreich, z. B. 1010).',
    );
    await expect(page.getByLabel('PLZ')).toBeFocused();
    await page.getByLabel('PLZ').fill('1010');
    await page.getByRole('button', { name: 'Onboarding abschließen' }).click();

    await expect(page.getByText('Onboarding abgeschlossen!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
    await page.goto('/on-boarding/');
    await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
    expect(consoleErrors).toEqual([]);
  });

  test('a sponsor sees the field messages, goes back without losing entries and lands on the sponsor dashboard', async ({
    page,
  }) => {
    await signInNewUser(page);
    await page.goto('/on-boarding/');
    // Keyboard only: Space checks the focused role, the arrow keys move the choice.
    await page.getByRole('radio', { name: 'Veranstalter', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: 'Sponsor', exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Weiter' }).click();

    await page.getByLabel('Telefonnummer (optional)').fill('call me');
    await page.getByRole('button', { name: 'Onboarding abschließen' }).click();
    for (const label of ['Name der Organisation', 'Straße', 'Hausnummer', 'PLZ', 'Ort']) {
      await expect(page.getByLabel(label)).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.');
    }
    await expect(page.getByLabel('Telefonnummer (optional)')).toHaveAccessibleDescription(
      /Bitte geben Sie eine gültige Telefonnummer ein/,
    );
    await expect(page.getByLabel('Name der Organisation')).toBeFocused();

    await fillMasterData(page, { city: 'Bremen' });
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(page.getByRole('radio', { name: 'Sponsor', exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByLabel('Ort')).toHaveValue('Bremen');

    await page.getByLabel('Telefonnummer (optional)').fill('+49 421 55 66 77');
    await page.getByRole('button', { name: 'Onboarding abschließen' }).click();
    await expect(page).toHaveURL(/\/dashboard-sponsor$/);
  });

  test('a signed-in user who has not finished onboarding is sent back to it from the profile', async ({ page }) => {
    await signInNewUser(page);
    await page.goto('/profile/');
    await expect(page).toHaveURL(/\/on-boarding\/$/);
    await page.goto('/dashboard/organizer/team');
    await expect(page).toHaveURL(/\/on-boarding\/$/);
  });

  test('a sponsor is kept out of the organiser pages', async ({ page }) => {
    await signInOnboardedUser(page, { role: 'sponsor' });
    await page.goto('/create-event/');
    await expect(page).toHaveURL(/\/unauthorized\/$/);
  });
});

test.describe('profile', () => {
  test('shows the profile and edits master data and role in the side drawer', async ({ page }) => {
    const user = await signInOnboardedUser(page, {
      role: 'veranstalter',
      country: 'CH',
      postal_code: '8001',
      city: 'Zürich',
    });
    await page.goto('/profile/');
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Profil' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(page.getByText('Zuletzt aktualisiert in dieser Minute')).toBeVisible();
    await expect(page.getByText('Schweiz')).toBeVisible();

    await page.getByRole('button', { name: 'Bearbeiten: Stammdaten' }).click();
    const drawer = page.getByRole('dialog', { name: 'Stammdaten bearbeiten' });
    await expect(drawer).toBeVisible();
    await expect(page).toHaveURL(/drawer=profile/);
    await drawer.getByLabel('Ort').fill('');
    await drawer.getByLabel('Telefonnummer (für Rechnungen nötig)').fill('12');
    // A German postcode while the country is still Switzerland: the form says which format it expects.
    await drawer.getByLabel('PLZ').fill('80331');
    await drawer.getByRole('button', { name: 'Stammdaten speichern' }).click();
    await expect(drawer.getByLabel('Ort')).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.');
    await expect(drawer.getByLabel('Telefonnummer (für Rechnungen nötig)')).toHaveAccessibleDescription(
      /Bitte geben Sie eine gültige Telefonnummer ein/,
    );
    await expect(drawer.getByLabel('PLZ')).toHaveAccessibleDescription(
      'Keine gültige PLZ (Land: Schweiz, z. B. 8001).',
    );
    const country = drawer.getByRole('combobox', { name: 'Land' });
    await country.fill('Deutschl');
    await country.press('Enter');
    await drawer.getByLabel('Ort').fill('München');
    await drawer.getByLabel('Telefonnummer (für Rechnungen nötig)').fill('');
    await drawer.getByRole('button', { name: 'Stammdaten speichern' }).click();
    await expect(page.getByText('Ihre Änderungen wurden gespeichert.')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(page.getByText('80331 München')).toBeVisible();

    await page.getByRole('button', { name: 'Bearbeiten: Rolle' }).click();
    const roleDrawer = page.getByRole('dialog', { name: 'Rolle ändern' });
    await roleDrawer.getByText('Sponsor', { exact: true }).click();
    await roleDrawer.getByRole('button', { name: 'Rolle speichern' }).click();
    await expect(roleDrawer).toBeHidden();
    await expect(page.getByText('Sie unterstützen Events und werden von Veranstaltern angesprochen.')).toBeVisible();

    await page.reload();
    await expect(page.getByText('80331 München')).toBeVisible();
    await expect(page.getByText('Nicht angegeben')).toBeVisible();
    // The guards use the changed role: a sponsor no longer reaches organiser pages.
    await page.goto('/dashboard/organizer/');
    await expect(page).toHaveURL(/\/unauthorized\/$/);
  });

  test('closes the drawer with Escape, but first only the open country list', async ({ page }) => {
    await signInOnboardedUser(page);
    await page.goto('/profile/?drawer=profile');
    const drawer = page.getByRole('dialog', { name: 'Stammdaten bearbeiten' });
    const country = drawer.getByRole('combobox', { name: 'Land' });
    await country.focus();
    await country.press('ArrowDown');
    await expect(country).toHaveAttribute('aria-expanded', 'true');
    await country.press('Escape');
    await expect(country).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/drawer=/);
  });

  test('cancelling the account signs the user out and the e-mail can no longer sign in', async ({ page }) => {
    const user = await signInOnboardedUser(page);
    await page.goto('/profile/');
    await page.getByRole('button', { name: 'Konto kündigen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Konto wirklich kündigen?' });
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Ja, Konto kündigen' }).click();

    await expect(page).toHaveURL(/\/login\/$/);
    await expect(page.getByText('Ihr Konto wurde gelöscht.')).toBeVisible();
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('Cognito')));
    expect(stored).toEqual([]);
    await page.goto('/profile/');
    await expect(page).toHaveURL(/\/login\/\?redirect=/);

    const signIn = await initiateAuth(page.request, user.email, user.password);
    expect(signIn.status).toBe(400);
    expect(String(signIn.body.__type)).toMatch(/NotAuthorizedException|UserNotFoundException/);
    const api = await page.request.get(`/api/user-profile/${user.sub}`, {
      headers: { Authorization: `Bearer ${user.tokens.accessToken}` },
    });
    expect(api.status()).toBe(401);
  });
});

test.describe('small screens (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the onboarding form fits and the country list is usable', async ({ page }) => {
    await signInNewUser(page);
    await page.goto('/on-boarding/');
    await page.getByText('Sponsor & Veranstalter', { exact: true }).click();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await fillMasterData(page);

    const country = page.getByRole('combobox', { name: 'Land' });
    await country.fill('');
    await country.press('ArrowDown');
    const list = page.getByRole('listbox', { name: 'Länder' });
    await expect(list).toBeVisible();
    const box = await list.locator('..').boundingBox();
    expect(box?.height).toBeLessThanOrEqual(300);
    expect(box?.width).toBeLessThanOrEqual(375);
    await country.pressSequentially('schwe');
    await expect(page.getByRole('option')).toHaveText(['Schweden', 'Schweiz']);
    await country.press('ArrowDown');
    await country.press('Enter');
    await expect(country).toHaveValue('Schweiz');
    await page.getByLabel('PLZ').fill('8001');

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Onboarding abschließen' }).click();
    await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
  });

  test('the drawers take the full width and their forms work', async ({ page }) => {
    await signInOnboardedUser(page, { role: 'sponsor' });
    await page.goto('/profile/');
    await expect(page.getByText('Sportverein Musterstadt e. V.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Bearbeiten: Stammdaten' }).click();
    const drawer = page.getByRole('dialog', { name: 'Stammdaten bearbeiten' });
    const box = await drawer.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBe(375);
    await drawer.getByLabel('Name der Organisation').fill('Kleiner Verein');
    const save = drawer.getByRole('button', { name: 'Stammdaten speichern' });
    await save.scrollIntoViewIfNeeded();
    await save.click();
    await expect(drawer).toBeHidden();
    await expect(page.getByText('Kleiner Verein')).toBeVisible();

    await page.getByRole('button', { name: 'Bearbeiten: Rolle' }).click();
    const roleDrawer = page.getByRole('dialog', { name: 'Rolle ändern' });
    expect((await roleDrawer.boundingBox())?.width).toBe(375);
    await roleDrawer.getByText('Veranstalter', { exact: true }).click();
    await roleDrawer.getByRole('button', { name: 'Rolle speichern' }).click();
    await expect(roleDrawer).toBeHidden();
    await expect(page.getByText('Sie legen Events an, bauen Ihr Team auf und laden Sponsoren ein.')).toBeVisible();
  });
});
