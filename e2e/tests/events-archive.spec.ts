// Issue 21, point 4, against the production build: an organiser archives an event (it leaves the
// list, waits in the archive, comes back), deletes one whose sponsorships are all still invited
// after a confirmation naming what goes (its invitation link then says invalid), and cannot delete
// one a sponsor has acted on, only archive it (and undo that from the toast). German and English.
import { expect, test, type Page } from '@playwright/test';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';

async function createEvent(page: Page, token: string, title: string): Promise<number> {
  const res = await page.request.post('/api/event/-1', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, event_date: '2030-05-01', location: 'Festwiese', description: 'Ein Fest.' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: number }).id;
}

async function inviteSponsor(page: Page, token: string, eventId: number) {
  const res = await page.request.post('/api/sponsor-invitation', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email: uniqueEmail('sponsor'), event_id: eventId },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { sponsorId: number; url: string };
}

test('archives, restores and deletes events with a confirmation naming what goes (German)', async ({
  page,
}, testInfo) => {
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const token = organiser.tokens.accessToken;
  const stamp = Date.now();
  const kept = `Archivfest ${stamp}`;
  const doomed = `Löschfest ${stamp}`;
  await createEvent(page, token, kept);
  const doomedId = await createEvent(page, token, doomed);
  const invitation = await inviteSponsor(page, token, doomedId);

  await page.goto('/dashboard/organizer/events');
  const events = page.getByRole('main');
  await expect(events.getByRole('link', { name: kept })).toBeVisible();
  await page.getByRole('button', { name: `${kept} archivieren` }).click();
  await expect(page.getByText(`„${kept}“ wurde archiviert. Sie finden es unter „Archiv“.`)).toBeVisible();
  await expect(events.getByRole('link', { name: kept })).toHaveCount(0);

  await page.getByRole('button', { name: 'Archiv', exact: true }).click();
  await expect(events.getByRole('link', { name: kept })).toBeVisible();
  await expect(events.getByText('Archiviert', { exact: true })).toBeVisible();
  await expect(events.getByRole('link', { name: doomed })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('archive-de-1280.png'), fullPage: true });
  await page.getByRole('button', { name: `${kept} wiederherstellen` }).click();
  await expect(page.getByText('Im Archiv sind keine Events.')).toBeVisible();
  await page.getByRole('button', { name: 'Aktuell', exact: true }).click();
  await expect(events.getByRole('link', { name: kept })).toBeVisible();

  await page.getByRole('button', { name: `${doomed} löschen` }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog.getByText(`„${doomed}“ endgültig löschen?`)).toBeVisible();
  await expect(dialog.getByText('1 Sponsoren-Einladung (der Link wird ungültig)')).toBeVisible();
  await expect(dialog.getByText('0 Sponsoring-Pakete')).toBeVisible();
  await expect(dialog.getByText('0 Dateien')).toBeVisible();
  await expect(dialog.getByText('Das Löschen ist endgültig und lässt sich nicht rückgängig machen.')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('delete-de-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(page.getByText(`„${doomed}“ wurde gelöscht.`)).toBeVisible();
  await expect(events.getByRole('link', { name: doomed })).toHaveCount(0);
  await expect(events.getByRole('link', { name: kept })).toBeVisible();

  // The sponsor's link went with it.
  await page.goto(new URL(invitation.url).pathname + new URL(invitation.url).search);
  await expect(page.getByText('Einladungslink ungültig oder abgelaufen.')).toBeVisible();
});

test('an event a sponsor acted on cannot be deleted, only archived, and archiving can be undone (English)', async ({
  page,
}, testInfo) => {
  const organiser = await signInOnboardedUser(page, { language: 'en' });
  const token = organiser.tokens.accessToken;
  const title = `Harvest fair ${Date.now()}`;
  const eventId = await createEvent(page, token, title);
  const { sponsorId } = await inviteSponsor(page, token, eventId);
  const declined = await page.request.post(`/api/sponsorships/${sponsorId}/status`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { status: 'declined' },
  });
  expect(declined.ok(), await declined.text()).toBe(true);

  await page.goto('/dashboard/organizer/events');
  const events = page.getByRole('main');
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(
    dialog.getByText('This event has 1 sponsorship past the invitation. It cannot be deleted, but it can be archived.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete for good' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('delete-blocked-en-1280.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Archive ${title}` }).click();
  await expect(page.getByText(`“${title}” was archived. You will find it under “Archived”.`)).toBeVisible();
  await expect(events.getByRole('link', { name: title })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(events.getByRole('link', { name: title })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('list-en-375.png'), fullPage: true });
});
