// Issue 21, point 7, against the production build: a sponsor registers from the invitation link,
// confirms with the mailed code, sees the sponsorship at once, is asked only for the organisation's
// name, and lands on the sponsor dashboard with the sponsorship. German and English.
import { expect, test, type Browser } from '@playwright/test';
import { waitForCode } from '../support/mailbox.ts';
import { PASSWORD, signInOnboardedUser, uniqueEmail } from '../support/session.ts';

const SIGN_UP_SUBJECT = /Bestätigungscode|confirmation code/i;

const TEXT = {
  de: {
    password: 'Passwort',
    register: 'Registrieren',
    code: 'Bestätigungscode',
    confirm: 'Bestätigen',
    sponsorship: 'Ihr Sponsoring',
    name: 'Name der Organisation',
    submit: 'Weiter zu meinem Sponsoring',
    otherRole: 'Ich möchte auch Events veranstalten',
  },
  en: {
    password: 'Password',
    register: 'Register',
    code: 'Confirmation code',
    confirm: 'Confirm',
    sponsorship: 'Your sponsorship',
    name: 'Organisation name',
    submit: 'Continue to my sponsorship',
    otherRole: 'I want to organise events too',
  },
} as const;

async function sponsorJourney(
  browser: Browser,
  inviteUrl: string,
  email: string,
  language: 'de' | 'en',
  eventTitle: string,
  shots: (name: string) => string,
) {
  const text = TEXT[language];
  const context = await browser.newContext();
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const sponsor = await context.newPage();
  await sponsor.goto(inviteUrl);
  await expect(sponsor.getByText(eventTitle).first()).toBeVisible();
  await sponsor.getByLabel(text.password, { exact: true }).fill(PASSWORD);
  await sponsor.getByRole('button', { name: text.register, exact: true }).click();
  await expect(sponsor).toHaveURL(/\/verify\/.+invited=true/);
  const code = await waitForCode(email, SIGN_UP_SUBJECT);
  await sponsor.getByLabel(text.code).fill(code);
  await sponsor.getByRole('button', { name: text.confirm, exact: true }).click();

  // Right after verifying: the sponsorship, and one question.
  await expect(sponsor).toHaveURL(/\/on-boarding\/$/);
  await expect(sponsor.getByRole('heading', { name: text.sponsorship })).toBeVisible();
  await expect(sponsor.getByTestId('onboarding-sponsorships')).toContainText(eventTitle);
  await expect(sponsor.getByRole('textbox')).toHaveCount(1);
  await expect(sponsor.getByRole('button', { name: text.otherRole })).toBeVisible();
  await sponsor.screenshot({ path: shots(`onboarding-${language}-1280.png`), fullPage: true });
  await sponsor.setViewportSize({ width: 375, height: 800 });
  await sponsor.screenshot({ path: shots(`onboarding-${language}-375.png`), fullPage: true });
  await sponsor.setViewportSize({ width: 1280, height: 800 });
  await sponsor.getByLabel(text.name).fill('Bäckerei Schmidt GmbH');
  await sponsor.getByRole('button', { name: text.submit }).click();

  await expect(sponsor).toHaveURL(/\/dashboard-sponsor\/?$/);
  await expect(sponsor.getByText(eventTitle).first()).toBeVisible();
  await sponsor.screenshot({ path: shots(`sponsor-dashboard-${language}-1280.png`), fullPage: true });
  await context.close();
}

for (const language of ['de', 'en'] as const) {
  test(`an invited sponsor sees the sponsorship after verifying and gives only the organisation name (${language})`, async ({
    browser,
    page,
  }, testInfo) => {
    const organiser = await signInOnboardedUser(page, { language });
    const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
    const eventTitle = `Stadtlauf ${language} ${Date.now()}`;
    const created = await page.request.post('/api/event/-1', {
      headers: auth,
      data: { title: eventTitle, event_date: '2030-04-01', location: 'Altstadt', description: 'Laufen.' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const email = uniqueEmail('sponsor');
    const invited = await page.request.post('/api/sponsor-invitation', {
      headers: auth,
      data: { email, event_id: ((await created.json()) as { id: number }).id },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const url = new URL(((await invited.json()) as { url: string }).url);
    await sponsorJourney(browser, url.pathname + url.search, email, language, eventTitle, (name) =>
      testInfo.outputPath(name),
    );
  });
}
