// Issue 21, point 5, against the production build: the team page lists invitations with state and
// expiry; copying a new link or resending works at any time and retires the earlier link; a revoked
// link says so. German and English.
import { expect, test, type Browser } from '@playwright/test';
import { listMails } from '../support/mailbox.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';

async function pageSays(browser: Browser, url: string, language: 'de' | 'en', text: string) {
  const context = await browser.newContext();
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByText(text, { exact: true })).toBeVisible();
  await context.close();
}

/** The invitation links mailed to the address, oldest first. */
async function mailsTo(email: string): Promise<string[]> {
  return (await listMails())
    .filter((m) => m.to.toLowerCase() === email.toLowerCase())
    .sort((a, b) => a.id - b.id)
    .map((m) => m.text.match(/https?:\/\/\S+\/invite\/\?\S+/)?.[0] ?? '');
}

test('the team page lists invitations; copy a new link, resend and revoke at any time (German)', async ({
  browser,
  context,
  page,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInOnboardedUser(page, { language: 'de' });
  await page.goto('/dashboard/organizer/team');
  await expect(page.getByText('Noch keine Einladungen.')).toBeVisible();

  const email = uniqueEmail('kollegin');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(page.getByText('Einladung erfolgreich versendet!')).toBeVisible();
  const firstLink = (await page.getByTestId('invite-link').textContent())!.trim();

  const row = page.getByRole('listitem', { name: email });
  await expect(row.getByText('Ausstehend')).toBeVisible();
  await expect(row.getByText(/^gültig bis \d{2}\.\d{2}\.\d{4}/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('team-invitations-de-1280.png'), fullPage: true });

  // Later, after a reload: a new link to copy; the first one no longer works.
  await page.reload();
  await row.getByRole('button', { name: 'Neuen Link kopieren' }).click();
  await expect(page.getByText('Neuer Link kopiert. Der vorige Link gilt nicht mehr.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('/invite/?');
  expect(copied).not.toBe(firstLink);
  await pageSays(browser, firstLink, 'de', 'Einladungslink ungültig oder abgelaufen.');

  // Resend mails yet another link.
  const mailsBefore = (await mailsTo(email)).length;
  await row.getByRole('button', { name: 'Erneut senden' }).click();
  await expect(page.getByText(`Einladung an ${email} erneut gesendet. Der vorige Link gilt nicht mehr.`)).toBeVisible();
  await expect.poll(async () => (await mailsTo(email)).length).toBe(mailsBefore + 1);
  const mailed = (await mailsTo(email)).at(-1)!;
  expect(mailed).not.toBe(copied);

  // Revoke: the mailed link says it was revoked.
  await row.getByRole('button', { name: 'Zurückziehen' }).click();
  await expect(page.getByText(`Einladung an ${email} zurückgezogen.`)).toBeVisible();
  await expect(row.getByText('Zurückgezogen', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Zurückziehen' })).toHaveCount(0);
  await pageSays(browser, mailed, 'de', 'Diese Einladung wurde zurückgezogen.');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('team-invitations-de-375.png'), fullPage: true });
});

test('a revoked invitation says so in English, and resending makes it pending again', async ({
  browser,
  page,
}, testInfo) => {
  await signInOnboardedUser(page, { language: 'en' });
  await page.goto('/dashboard/organizer/team');
  const email = uniqueEmail('colleague');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const row = page.getByRole('listitem', { name: email });
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  const link = (await page.getByTestId('invite-link').textContent())!.trim();

  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
  await expect(row.getByText(/^revoked on /)).toBeVisible();
  await pageSays(browser, link, 'en', 'This invitation was revoked.');
  await page.screenshot({ path: testInfo.outputPath('team-invitations-en-1280.png'), fullPage: true });

  await row.getByRole('button', { name: 'Resend' }).click();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByText(/^valid until /)).toBeVisible();
});
