// Navigation by role (issue 21, point 1) against the production build: the header's Dashboard opens
// the user's own dashboard, Events is in the menu, and a user with both roles switches between the
// organiser and the sponsor view, and signs in again to the one they used last.
import { expect, test, type Page } from '@playwright/test';
import { completeOnboarding, createUser, PASSWORD, signInOnboardedUser } from '../support/session.ts';

async function logInThroughForm(page: Page, email: string) {
  await page.goto('/login/');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page.getByText('Login erfolgreich!')).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/$/);
}

test('a sponsor reaches the sponsor dashboard and the events from the header', async ({ page }) => {
  await signInOnboardedUser(page, { role: 'sponsor', language: 'de' });
  await page.goto('/chats/');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard-sponsor$/);
  await expect(page.getByText('Kein Zugriff')).toHaveCount(0);
  await expect(nav.getByRole('group', { name: 'Ansicht' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events\/$/);
  await expect(page.getByText('Kein Zugriff')).toHaveCount(0);
});

test('an organiser’s Dashboard stays the organiser dashboard (in English too)', async ({ page }) => {
  await signInOnboardedUser(page, { role: 'veranstalter', language: 'en' });
  await page.goto('/chats/');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
  await expect(nav.getByRole('group', { name: 'View' })).toHaveCount(0);
  // The page's meta description follows the language too.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Platform for event organisers/);
  await nav.getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events\/$/);
});

test('a user with both roles switches views and signs in again to the one used last', async ({ page }) => {
  const user = await createUser(page.request);
  await completeOnboarding(page.request, user, { role: 'beides' });

  await logInThroughForm(page, user.email);
  await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  const views = nav.getByRole('group', { name: 'Ansicht' });
  await expect(views.getByRole('button', { name: 'Veranstalter' })).toHaveAttribute('aria-pressed', 'true');

  await views.getByRole('button', { name: 'Sponsor' }).click();
  await expect(page).toHaveURL(/\/dashboard-sponsor$/);
  await expect(views.getByRole('button', { name: 'Sponsor' })).toHaveAttribute('aria-pressed', 'true');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard-sponsor');
  const auth = { Authorization: `Bearer ${user.tokens.accessToken}` };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/settings', { headers: auth })).json()) as { dashboard_view: string })
          .dashboard_view,
    )
    .toBe('sponsor');

  await logOut(page);
  await logInThroughForm(page, user.email);
  await expect(page).toHaveURL(/\/dashboard-sponsor$/);

  // On a small screen the switch is in the collapsed menu.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  const menu = page.getByRole('navigation', { name: 'Hauptnavigation' }).last();
  await menu.getByRole('group', { name: 'Ansicht' }).getByRole('button', { name: 'Veranstalter' }).click();
  await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/organizer/');
});
