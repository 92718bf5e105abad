// The header's settings against the production build: chat e-mail notices off stays off, and the
// language chosen becomes the account's language (its mails follow it).
import { expect, test } from '@playwright/test';
import { signInOnboardedUser } from '../support/session.ts';

test('settings keep chat e-mail notices and the language on the account', async ({ page }) => {
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  await page.goto('/dashboard/organizer/');

  await page.getByRole('button', { name: 'Einstellungen' }).click();
  const notices = page.getByRole('checkbox', { name: /E-Mails zu neuen Nachrichten/ });
  await expect(notices).toBeChecked();
  await notices.uncheck();
  await expect(notices).not.toBeChecked();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/settings', { headers: auth })).json()) as { chat_email_notices: boolean })
          .chat_email_notices,
    )
    .toBe(false);

  await page.locator('label', { has: page.getByRole('radio', { name: /English/ }) }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/settings', { headers: auth })).json()) as { language: string }).language,
    )
    .toBe('en');

  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('checkbox', { name: /E-mails about new messages/ })).not.toBeChecked();
  await page.getByRole('link', { name: 'Edit my details' }).click();
  await expect(page).toHaveURL(/\/profile\/$/);
});
