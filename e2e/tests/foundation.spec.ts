// The foundation: the app in German by default, the language switch, deep links, not-found, the
// guards for signed-out visitors, security headers and the invitation-code check.
import { expect, test } from '@playwright/test';
import { createInvitationCode } from '../support/admin.ts';

test.describe('foundation', () => {
  test('shows the home page in German, switches to English and back, and remembers the choice', async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Veranstalter und Sponsoren an einem Ort');
    // Signed out, the home page is a public page: the language in view, no app navigation (issue 58).
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Nachrichten' })).toHaveCount(0);
    await expect(banner.getByRole('radio', { name: 'Deutsch' })).toBeChecked();

    await banner.locator('label', { hasText: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Organisers and sponsors in one place');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Organisers and sponsors in one place');
    await expect(banner.getByRole('radio', { name: 'English' })).toBeChecked();

    await banner.locator('label', { hasText: 'Deutsch' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Veranstalter und Sponsoren an einem Ort');
    expect(consoleErrors).toEqual([]);
  });

  test('reloads a deep link into the app', async ({ page }) => {
    await page.goto('/impressum/');
    await page.reload();
    await expect(page).toHaveURL(/\/impressum\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const response = await page.request.get('/edit-event/5');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(response.headers()['cache-control']).toBe('no-cache');
  });

  test('shows the not-found page for an unknown path', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  });

  for (const path of [
    '/create-event/',
    '/edit-event/5',
    '/dashboard/organizer/',
    '/dashboard/organizer/team',
    '/profile/',
  ]) {
    test(`sends a signed-out visitor from ${path} to the login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login\/(\?.*)?$/);
    });
  }

  test('the legal notice shows no invented company data', async ({ page }) => {
    await page.goto('/impressum/');
    await expect(page.getByRole('main')).toContainText(/nicht (hinterlegt|konfiguriert|angegeben)/i);
  });

  test('answers the invitation-code check for a code made with the admin command', async ({ request }) => {
    const code = createInvitationCode({ uses: 5 });
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect((await request.get(`/api/invite/${code}`)).status()).toBe(200);
    expect((await request.get('/api/invite/NOPE-NOPE-NOPE')).status()).toBe(404);
    expect((await request.get(`/api/invite/${'x'.repeat(3000)}`)).status()).toBe(404);
  });

  test('serves hashed assets precompressed with a long cache life and a strict CSP', async ({ page, request }) => {
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    const script = await page.locator('script[type="module"][src]').first().getAttribute('src');
    expect(script).toMatch(/^\/assets\//);
    const asset = await request.get(script!, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['cache-control']).toContain('immutable');
  });
});
