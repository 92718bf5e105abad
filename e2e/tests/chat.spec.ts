// Chat end to end against the production build: an organiser invites a sponsor to an event; the
// sponsor opens the chat as a guest with the token and e-mail of the invitation link; both write
// and see each other's messages arrive live, without reloading. The organiser's unread badge comes
// and goes, and on a phone-sized screen the chat shows one pane at a time with a back button.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { waitForMailLink } from '../support/mailbox.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';

const SHOTS = process.env.CHAT_SHOTS_DIR ?? '/tmp/chat-shots';
const ORGANISATION = 'Sportverein Musterstadt e. V.';

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

function send(page: Page, text: string) {
  return page
    .getByRole('textbox', { name: /^(Nachricht|Message)$/ })
    .fill(text)
    .then(() => page.keyboard.press('Enter'));
}

test('an organiser and an invited guest sponsor chat live; the unread badge comes and goes', async ({
  browser,
  page,
}) => {
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

  const link = new URL(await waitForMailLink(sponsorEmail, /https?:\/\/\S+\/invite-sponsor\/\?\S+/));
  const token = link.searchParams.get('token') ?? '';
  expect(link.searchParams.get('email')).toBe(sponsorEmail);

  // The organiser opens the conversation the invitation started.
  await page.goto('/chats/');
  await page.getByRole('button', { name: new RegExp(sponsorEmail) }).click();
  await expect(page).toHaveURL(/conversation=\d+/);
  await expect(page.getByRole('log')).toContainText('Einladung zum Sponsoring von');
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toBeFocused();

  // The sponsor, as a guest in another browser.
  const sponsorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const sponsor = await sponsorContext.newPage();
  await sponsor.goto(`/chats-sponsor/?token=${encodeURIComponent(token)}&email=${encodeURIComponent(sponsorEmail)}`);
  await expect(sponsor.getByText(`Sie schreiben als ${sponsorEmail}.`)).toBeVisible();
  await expect(sponsor.getByRole('button', { name: 'Neue Unterhaltung' })).toHaveCount(0);
  await sponsor.getByRole('button', { name: new RegExp(ORGANISATION) }).click();
  const sponsorLog = sponsor.getByRole('log');
  await expect(sponsorLog).toContainText('Einladung zum Sponsoring von');

  // Live both ways, without reloading.
  await send(page, 'Hallo! Schön, dass Sie dabei sind.');
  await expect(sponsorLog).toContainText('Hallo! Schön, dass Sie dabei sind.');
  await send(sponsor, 'Danke, <b>gerne</b>!');
  await expect(page.getByRole('log')).toContainText('Danke, <b>gerne</b>!');
  await expect(page.getByRole('log').locator('b')).toHaveCount(0);
  await expect(page.getByRole('log').getByText('Hallo! Schön, dass Sie dabei sind.')).toHaveCount(1);
  await shot(page, 'organiser-1280-de');
  await shot(sponsor, 'sponsor-1280-de');

  // The organiser leaves the chat; a new message shows on the header's Nachrichten link.
  await page.goto('/profile/');
  await expect(page.getByRole('link', { name: 'Nachrichten', exact: true })).toBeVisible();
  await send(sponsor, 'Wann kommt die Rechnung?');
  const badge = page.getByRole('link', { name: 'Nachrichten, 1 ungelesene Nachricht' });
  await expect(badge).toBeVisible();
  await badge.click();
  const item = page.getByRole('button', { name: new RegExp(sponsorEmail) });
  await expect(item).toContainText('1 ungelesene Nachricht');
  await item.click();
  await expect(page.getByRole('log')).toContainText('Wann kommt die Rechnung?');
  await expect(page.getByRole('link', { name: 'Nachrichten', exact: true })).toBeVisible();
  await expect(item).not.toContainText('ungelesen');

  // English, wide.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByRole('log', { name: `Messages with ${sponsorEmail}` })).toContainText(
    'Sponsoring invitation for',
  );
  await shot(page, 'organiser-1280-en');

  // A phone-sized screen: one pane at a time, with a back button.
  await sponsor.setViewportSize({ width: 375, height: 740 });
  await sponsor.goto(`/chats-sponsor/?token=${encodeURIComponent(token)}&email=${encodeURIComponent(sponsorEmail)}`);
  await expect(sponsor.getByRole('textbox', { name: 'Nachricht' })).toHaveCount(0);
  await shot(sponsor, 'sponsor-375-de-list');
  await sponsor.getByRole('button', { name: new RegExp(ORGANISATION) }).click();
  await expect(sponsor.getByRole('searchbox')).toHaveCount(0);
  await expect(sponsor.getByRole('log')).toContainText('Wann kommt die Rechnung?');
  await send(page, 'Die Rechnung kommt morgen.');
  await expect(sponsor.getByRole('log')).toContainText('Die Rechnung kommt morgen.');
  await shot(sponsor, 'sponsor-375-de-pane');
  await sponsor.getByRole('button', { name: 'Zurück zu den Unterhaltungen' }).click();
  await expect(sponsor.getByRole('searchbox', { name: 'Unterhaltungen durchsuchen' })).toBeVisible();
  await expect(sponsor.getByRole('log')).toHaveCount(0);

  await sponsor.evaluate(() => localStorage.setItem('language', 'en'));
  await sponsor.reload();
  await sponsor.getByRole('button', { name: new RegExp(ORGANISATION) }).click();
  await expect(sponsor.getByRole('button', { name: 'Back to conversations' })).toBeVisible();
  await shot(sponsor, 'sponsor-375-en-pane');
  await sponsorContext.close();
});

test('a long conversation opens at its newest messages and loads older ones above, keeping the reader’s place', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const organiser = await signInOnboardedUser(page, { language: 'en' });
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  const started = await page.request.post(`/api/conversation/${encodeURIComponent(uniqueEmail('sponsor'))}`, {
    headers: auth,
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { id } = (await started.json()) as { id: number };
  for (let i = 1; i <= 60; i++) {
    const sent = await page.request.post(`/api/conversation/${id}/message`, {
      headers: auth,
      data: { message: `Message number ${i}`, type: 'text' },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }

  await page.goto(`/chats/?conversation=${id}`);
  const log = page.getByRole('log');
  await expect(log.getByText('Message number 60', { exact: true })).toBeVisible();
  await expect(log.getByRole('listitem')).toHaveCount(50);
  await expect(log.getByText('Message number 10', { exact: true })).toHaveCount(0);

  // The reader scrolls back to the top, where the button is, and loads the rest.
  await log.evaluate((element) => (element.scrollTop = 0));
  const firstShown = log.getByText('Message number 11', { exact: true });
  const topBefore = (await firstShown.boundingBox())!.y;
  await log.getByRole('button', { name: 'Load older messages' }).click();
  await expect(log.getByRole('listitem')).toHaveCount(60);
  await expect(log.getByText('Start of the conversation')).toBeAttached();
  await expect(log.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
  // What was at the top stays where it was; the older messages are above it.
  const topAfter = (await firstShown.boundingBox())!.y;
  expect(Math.abs(topAfter - topBefore)).toBeLessThan(80);
  await expect(log.getByText('Message number 60', { exact: true })).not.toBeInViewport();
  await log.evaluate((element) => (element.scrollTop = 0));
  await expect(log.getByText('Message number 1', { exact: true })).toBeInViewport();
  await shot(page, 'older-messages-375-en');
});
