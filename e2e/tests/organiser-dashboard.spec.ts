// The organiser dashboard against the production build: its cards count real data (open tasks, team
// size, unanswered messages), link to where the work is done, and the message count follows live.
import { expect, test } from '@playwright/test';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';

test('the organiser dashboard counts open tasks, the team and unanswered messages', async ({ page }, testInfo) => {
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  const eventTitle = `Hoffest ${Date.now()}`;
  const created = await page.request.post('/api/event/-1', {
    headers: auth,
    data: { title: eventTitle, event_date: '2030-09-01', location: 'Hof', description: 'Ohne Vereinbarung.' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const event = (await created.json()) as { id: number };
  const sponsorEmail = uniqueEmail('sponsor');
  const invited = await page.request.post('/api/sponsor-invitation', {
    headers: auth,
    data: { email: sponsorEmail, event_id: event.id },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const token = new URL(((await invited.json()) as { url: string }).url).searchParams.get('token')!;

  await page.goto('/dashboard/organizer/');
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
  await expect(page.getByTestId('team-size')).toHaveText('1');
  // The event without its PDF and the open sponsor invitation.
  await expect(page.getByTestId('open-tasks-count')).toHaveText('2');
  // The sponsor who has not signed, with a link to the event where the invitation can go out again.
  const waiting = page.getByRole('listitem').filter({ hasText: '1 Sponsor hat noch nicht unterschrieben:' });
  await expect(waiting.getByRole('link', { name: eventTitle })).toHaveAttribute('href', `/edit-event/${event.id}`);
  await expect(page.getByTestId('unanswered-count')).toHaveText('0');

  // The sponsor writes with their invitation link; the card counts it without a reload.
  const guest = { Authorization: `${token}:${sponsorEmail}` };
  const conversations = (await (await page.request.get('/api/token/conversation', { headers: guest })).json()) as {
    id: number;
  }[];
  const sent = await page.request.post(`/api/token/conversation/${conversations[0]!.id}/message`, {
    headers: guest,
    data: { message: 'Wir sind dabei!', type: 'text' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  await expect(page.getByTestId('unanswered-count')).toHaveText('1');
  await page.screenshot({ path: testInfo.outputPath('dashboard-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('dashboard-375.png'), fullPage: true });

  // The task links lead to the event, where the PDF is added.
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Vereinbarung (PDF) fehlt:' })
    .getByRole('link', { name: eventTitle })
    .click();
  await expect(page).toHaveURL(new RegExp(`/edit-event/${event.id}$`));
});

test('a signed-in start asks for its profile and open tasks from index.html, and the page takes those answers', async ({
  page,
}) => {
  const organiser = await signInOnboardedUser(page, { language: 'en' });
  const profile = (await (
    await page.request.get(`/api/user-profile/${organiser.sub}`, {
      headers: { Authorization: `Bearer ${organiser.tokens.accessToken}` },
    })
  ).json()) as { user: { organisation_id: number } };
  // Who sent each request: the page's inline script (its URL is the page's) or a script file.
  const asked: { pathname: string; sentBy: string }[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
    const { pathname } = new URL(request.url);
    const frame = initiator.stack?.callFrames[0] ?? initiator.stack?.parent?.callFrames[0];
    if (pathname === '/config.json' || pathname.startsWith('/api/')) {
      asked.push({ pathname, sentBy: frame ? new URL(frame.url).pathname : initiator.type });
    }
  });

  await page.goto('/dashboard/organizer/');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByTestId('open-tasks-count')).toHaveText('0');
  await expect(page.getByTestId('team-size')).toHaveText('1');

  const organisationId = profile.user.organisation_id;
  const askings = (pathname: string) => asked.filter((asking) => asking.pathname === pathname);
  for (const pathname of [
    `/api/user-profile/${organiser.sub}`,
    `/api/organisation/${organisationId}/tasks`,
    `/api/users/${organisationId}`,
  ]) {
    // Once, by the inline script (the page's own URL): the app did not ask again.
    expect(askings(pathname), pathname).toEqual([{ pathname, sentBy: '/dashboard/organizer/' }]);
  }
  // The preload of index.html, read by the inline script and then by the app.
  expect(askings('/config.json')).toHaveLength(1);
});
