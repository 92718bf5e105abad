// Alerts end to end against the production build: an organiser is signed in; a sponsor invited as a
// guest writes through the API; the bell's unread badge appears live (same stream as the chat), the
// panel lists the alert, and opening it marks it read and goes to the conversation.
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';

const SHOTS = process.env.ALERTS_SHOTS_DIR ?? '/tmp/alerts-shots';

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Writes as the guest sponsor of the invitation link; answers the conversation id. */
async function guestWrites(request: APIRequestContext, guest: string, message: string): Promise<number> {
  const headers = { Authorization: guest };
  const list = await request.get('/api/token/conversation', { headers });
  expect(list.ok(), await list.text()).toBe(true);
  const [conversation] = (await list.json()) as { id: number }[];
  const sent = await request.post(`/api/token/conversation/${conversation!.id}/message`, {
    headers,
    data: { message },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return conversation!.id;
}

test('a guest sponsor’s message shows on the organiser’s bell live; opening the alert reads it', async ({ page }) => {
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  const created = await page.request.post('/api/event/-1', {
    headers: auth,
    data: { title: `Sommerfest ${Date.now()}`, event_date: '2030-06-01', location: 'Stadthalle', description: 'Fest.' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id: eventId } = (await created.json()) as { id: number };
  const sponsorEmail = uniqueEmail('sponsor');
  const invited = await page.request.post('/api/sponsor-invitation', {
    headers: auth,
    data: { email: sponsorEmail, event_id: eventId },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const link = new URL(((await invited.json()) as { url: string }).url);
  const guest = `${link.searchParams.get('token')}:${sponsorEmail}`;

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/profile/');
  const bell = page.getByRole('button', { name: 'Benachrichtigungen', exact: true });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByText('Keine Benachrichtigungen.', { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bell).toBeFocused();

  // Live: the message arrives without reloading.
  const conversationId = await guestWrites(page.request, guest, 'Hallo, wir sind dabei!');
  const unreadBell = page.getByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' });
  await expect(unreadBell).toBeVisible();
  await expect(page.getByTestId('alerts-badge')).toHaveText('1');
  await guestWrites(page.request, guest, 'Und noch eine Frage.');
  await unreadBell.click();
  const item = page.getByRole('link', { name: new RegExp(`2 neue Nachrichten von ${sponsorEmail}`) });
  await expect(item).toBeVisible();
  await expect(item).toContainText(/gerade eben|vor \d+ Minute|in dieser Minute|jetzt/);
  await expect(page.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeEnabled();
  await shot(page, 'alerts-1280-de');

  // Keyboard: Tab reaches the alert; Enter opens it, marks it read and leaves the panel.
  await item.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/chats/\\?conversation=${conversationId}`));
  await expect(page.getByRole('log')).toContainText('Und noch eine Frage.');
  await expect(page.getByRole('button', { name: 'Benachrichtigungen', exact: true })).toBeVisible();
  await expect(page.getByTestId('alerts-badge')).toHaveCount(0);
  const listed = await page.request.get('/api/notifications', { headers: auth });
  const body = (await listed.json()) as { unread_count: number; notifications: { read_at: string | null }[] };
  expect(body.unread_count).toBe(0);
  expect(body.notifications[0]!.read_at).not.toBeNull();

  // On a phone: another message, the panel spans the header; "mark all read" clears the badge.
  await page.goto('/profile/');
  await page.setViewportSize({ width: 375, height: 740 });
  await guestWrites(page.request, guest, 'Noch etwas.');
  await page.getByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`Neue Nachricht von ${sponsorEmail}`) })).toBeVisible();
  await shot(page, 'alerts-375-de');
  await page.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
  await expect(page.getByTestId('alerts-badge')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeDisabled();
});
