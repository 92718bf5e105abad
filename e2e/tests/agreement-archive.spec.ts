// Retained agreements (decision 010) against the production build: an organiser invites a sponsor,
// the sponsor uploads the signed PDF, the organisation's last member cancels their account, and the
// sponsor still finds the agreement on their profile page and downloads it. Screenshots of the
// section (1280 and 375 px, de and en) go to SHOTS_DIR when it is set.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openEventArea } from '../support/event-workspace.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { makePdf } from '../support/pdf.ts';
import { completeOnboarding, createUser, signInOnboardedUser, storeSession, uniqueEmail } from '../support/session.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';

const SHOTS_DIR = process.env.SHOTS_DIR;

/** The calendar day in Germany, as the German UI prints it (DD.MM.YYYY). */
const germanDay = (at: Date) =>
  new Intl.DateTimeFormat('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  }).format(at);

async function screenshots(page: Page) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  for (const language of ['de', 'en'] as const) {
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/profile/');
      const section = page.getByRole('region', {
        name: language === 'de' ? 'Aufbewahrte Vereinbarungen' : 'Retained agreements',
      });
      await expect(section).toBeVisible();
      await page.screenshot({
        path: path.join(SHOTS_DIR, `retained-agreements-page-${language}-${width}.png`),
        fullPage: true,
      });
      await section.screenshot({ path: path.join(SHOTS_DIR, `retained-agreements-${language}-${width}.png`) });
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'de'));
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a sponsor keeps and downloads the signed agreement after the organisation deleted its account', async ({
  browser,
  page,
}) => {
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const eventTitle = `Stadtfest ${Date.now()}`;
  const eventBody = { title: eventTitle, event_date: '2030-08-23', location: 'Marktplatz', description: 'Fest.' };
  const event = await createEventWithAgreement(page, organiser.tokens.accessToken, eventBody);

  // The organiser invites the sponsor with an amount from the event's page.
  const sponsorEmail = uniqueEmail('archive-sponsor');
  await openEventArea(page, event.id, 'sponsors');
  await page.getByLabel('E-Mail des Sponsors').fill(sponsorEmail);
  await page.getByLabel('Betrag in EUR (optional)').fill('1250');
  await page.getByRole('button', { name: 'Einladen', exact: true }).click();
  await expect(page.getByText('Einladung erfolgreich versendet!')).toBeVisible();

  // The sponsor has an account with that address and uploads the signed PDF from the dashboard.
  const sponsorUser = await createUser(page.request, { email: sponsorEmail });
  await completeOnboarding(page.request, sponsorUser, {
    role: 'sponsor',
    organisation_name: 'Bäckerei Sonnenschein GmbH',
  });
  // The sponsor is in Germany: the page shows the signing day in the browser's time zone, which
  // on a machine in UTC is the day before between 23:00 and 24:00 UTC (CET).
  const sponsorContext = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const sponsor = await sponsorContext.newPage();
  await storeSession(sponsor, sponsorUser, { language: 'de' });
  await sponsor.goto('/dashboard-sponsor');
  const card = sponsor.getByTestId('sponsor-sponsorship').filter({ hasText: eventTitle });
  const dayBeforeSigning = germanDay(new Date());
  await openFlowStep(card, 'sign');
  await card.getByLabel('Unterschriebene PDF auswählen').setInputFiles({
    name: 'Stadtfest unterschrieben.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('Unterschrieben'),
  });
  await expect(sponsor.getByText('Die unterschriebene Vereinbarung wurde hochgeladen.')).toBeVisible();

  // Before the deletion nothing is archived, so the profile shows no such section.
  await sponsor.goto('/profile/');
  await expect(sponsor.getByRole('heading', { level: 2, name: 'Meine Daten herunterladen' })).toBeVisible();
  await expect(sponsor.getByRole('region', { name: 'Aufbewahrte Vereinbarungen' })).toHaveCount(0);

  // The organisation's last member cancels their account.
  await page.goto('/profile/');
  await page.getByRole('button', { name: 'Konto kündigen' }).click();
  await page
    .getByRole('alertdialog', { name: 'Konto wirklich kündigen?' })
    .getByRole('button', { name: 'Ja, Konto kündigen' })
    .click();
  await expect(page).toHaveURL(/\/login\/$/);

  // The sponsor's profile now lists the kept agreement.
  await sponsor.reload();
  const section = sponsor.getByRole('region', { name: 'Aufbewahrte Vereinbarungen' });
  await expect(section).toBeVisible();
  await expect(section).toContainText('gesetzlichen Aufbewahrungspflicht');
  const item = section.getByRole('listitem').filter({ hasText: eventTitle });
  await expect(item).toContainText('Sportverein Musterstadt e. V.');
  await expect(item).toContainText('23.08.2030');
  await expect(item).toContainText('1.250,00 €');
  // Signed today (German calendar), kept until 1 January eleven years on (default 10 years). The
  // upload may have happened on either side of midnight in Berlin.
  const signingDay = (await item.textContent())?.match(/Unterschrieben am(\d{2}\.\d{2}\.\d{4})/)?.[1];
  expect([dayBeforeSigning, germanDay(new Date())]).toContain(signingDay);
  const signingYear = Number(signingDay!.slice(-4));
  await expect(item).toContainText(`Aufbewahrt bis01.01.${signingYear + 11}`);

  // Downloaded with the bearer token, from the keyboard.
  const button = item.getByRole('button', { name: `Stadtfest unterschrieben.pdf (${eventTitle}) herunterladen` });
  await button.focus();
  const downloading = sponsor.waitForEvent('download');
  await sponsor.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Stadtfest unterschrieben.pdf');
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

  // Both widths: nothing wider than the screen.
  await sponsor.setViewportSize({ width: 375, height: 812 });
  await expect(section).toBeVisible();
  const overflow = await sponsor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(button).toBeVisible();

  await screenshots(sponsor);
  await sponsorContext.close();
});
