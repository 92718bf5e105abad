// GDPR art. 20 against the production build: the profile page downloads the user's data as JSON.
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signInOnboardedUser } from '../support/session.ts';

test('the profile page downloads all of the user’s data as a JSON file', async ({ page }) => {
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  await page.goto('/profile/');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Daten herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sponsoring-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await fs.readFile((await download.path())!, 'utf8')) as {
    account: { email: string };
    organisation: { name: string } | null;
    settings: { language: string; chat_email_notices: boolean; dashboard_view: string | null } | null;
    notifications: unknown[];
    archived_agreements: unknown[];
  };
  expect(data.account.email).toBe(organiser.email);
  expect(data.organisation?.name).toBeTruthy();
  // Settings, in-app alerts and agreements kept after a deletion belong to the user's data too.
  expect(data.settings).toEqual({ language: 'de', chat_email_notices: true, dashboard_view: null });
  expect(data.notifications).toEqual([]);
  expect(data.archived_agreements).toEqual([]);
});
