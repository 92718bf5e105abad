// Issue 21, point 8, against the production build: the dashboard's "unanswered messages" counts
// conversations whose last message is from the sponsor. Reading does not answer; replying does, and
// the card follows live. German and English.
import { expect, test } from '@playwright/test';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';

const TEXT = {
  de: { heading: 'Übersicht', awaiting: 'Unterhaltungen, in denen der Sponsor zuletzt geschrieben hat' },
  en: { heading: 'Overview', awaiting: 'Conversations in which the sponsor wrote last' },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`unanswered counts the conversations waiting for the organisation's answer, not unread ones (${language})`, async ({
    page,
  }, testInfo) => {
    const organiser = await signInOnboardedUser(page, { language });
    const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
    const created = await page.request.post('/api/event/-1', {
      headers: auth,
      data: { title: `Sommerlauf ${Date.now()}`, event_date: '2030-07-01', location: 'Park', description: 'Lauf.' },
    });
    const eventId = ((await created.json()) as { id: number }).id;
    const sponsorEmail = uniqueEmail('sponsor');
    const invited = await page.request.post('/api/sponsor-invitation', {
      headers: auth,
      data: { email: sponsorEmail, event_id: eventId },
    });
    const token = new URL(((await invited.json()) as { url: string }).url).searchParams.get('token')!;
    const guest = { Authorization: `${token}:${sponsorEmail}` };
    const [conversation] = (await (await page.request.get('/api/token/conversation', { headers: guest })).json()) as {
      id: number;
    }[];

    await page.goto('/dashboard/organizer/');
    await expect(page.getByRole('heading', { name: TEXT[language].heading, level: 1 })).toBeVisible();
    await expect(page.getByText(TEXT[language].awaiting)).toBeVisible();
    // The invitation notice answers nobody.
    await expect(page.getByTestId('unanswered-count')).toHaveText('0');

    const asked = await page.request.post(`/api/token/conversation/${conversation!.id}/message`, {
      headers: guest,
      data: { message: 'Gibt es noch Plätze?', type: 'text' },
    });
    expect(asked.ok(), await asked.text()).toBe(true);
    await expect(page.getByTestId('unanswered-count')).toHaveText('1');

    // Read (on another device) but not answered: still waiting.
    expect((await page.request.get(`/api/conversation/${conversation!.id}`, { headers: auth })).ok()).toBe(true);
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get('/api/conversation/unread', { headers: auth })).json()) as {
              unread_messages: number;
            }
          ).unread_messages,
      )
      .toBe(0);
    await page.reload();
    await expect(page.getByTestId('unanswered-count')).toHaveText('1');
    await page.screenshot({ path: testInfo.outputPath(`unanswered-${language}-1280.png`), fullPage: true });

    const answered = await page.request.post(`/api/conversation/${conversation!.id}/message`, {
      headers: auth,
      data: { message: 'Ja, gern!', type: 'text' },
    });
    expect(answered.ok(), await answered.text()).toBe(true);
    await expect(page.getByTestId('unanswered-count')).toHaveText('0');
  });
}
