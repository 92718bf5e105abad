// A sponsorship from invitation to confirmation against the production build: the organiser invites
// a sponsor to an event with an amount; the sponsor registers through the mailed link and uploads the
// signed PDF from their dashboard; the organiser confirms on the event's page; the organiser's event
// list and the sponsor's dashboard show the new numbers. Screenshots of the sponsor dashboard and the
// organiser's step page (1280 and 375 px, de and en) go to SHOTS_DIR when it is set.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openEventArea, openSponsorship } from '../support/event-workspace.ts';
import { waitForCode, waitForMailLink } from '../support/mailbox.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { makePdf } from '../support/pdf.ts';
import { PASSWORD, signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';

const SIGN_UP_SUBJECT = /Bestätigungscode|confirmation code/i;
const SHOTS_DIR = process.env.SHOTS_DIR;

/** Full-page screenshots at desktop and phone width in both languages, when SHOTS_DIR is set. */
async function screenshots(page: Page, name: string, ready: (page: Page) => Promise<void>) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const url = page.url();
  for (const language of ['de', 'en'] as const) {
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await ready(page);
      await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${language}-${width}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'de'));
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(url);
}

test('invite, register, upload signed, confirm: the event list and both dashboards show the numbers', async ({
  browser,
  page,
}) => {
  // Two sponsors' journeys and three dashboards: more than the default minute on a shared machine.
  test.setTimeout(120_000);
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const eventTitle = `Sommerlauf ${Date.now()}`;
  const eventBody = { title: eventTitle, event_date: '2030-06-14', location: 'Stadtpark', description: 'Lauf.' };
  const event = await createEventWithAgreement(page, organiser.tokens.accessToken, eventBody);

  // The organiser invites the sponsor with an amount from the event's page.
  await openEventArea(page, event.id, 'sponsors');
  const sponsorEmail = uniqueEmail('flow-sponsor');
  await page.getByLabel('E-Mail des Sponsors').fill(sponsorEmail);
  await page.getByLabel('Betrag in EUR (optional)').fill('2500');
  await page.getByRole('button', { name: 'Einladen', exact: true }).click();
  await expect(page.getByText('Einladung erfolgreich versendet!')).toBeVisible();
  let sponsorRow = await openSponsorship(page, event.id, sponsorEmail);
  await expect(sponsorRow).toContainText('Eingeladen');
  await expect(sponsorRow).toContainText('2.500,00 €');
  // Nothing to confirm before the signed agreement is in.
  await expect(sponsorRow.getByRole('button', { name: 'Bestätigen' })).toHaveCount(0);

  // The sponsor registers through the mailed link.
  const link = await waitForMailLink(sponsorEmail, /https?:\/\/\S+\/invite-sponsor\/\?\S+/);
  const sponsorContext = await browser.newContext({ locale: 'de-DE' });
  const sponsor = await sponsorContext.newPage();
  await sponsor.goto(link);
  await expect(sponsor.getByText(eventTitle).first()).toBeVisible();
  await sponsor.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await sponsor.getByRole('button', { name: 'Registrieren' }).click();
  await expect(sponsor).toHaveURL(/\/verify\/.+invited=true/);
  const code = await waitForCode(sponsorEmail, SIGN_UP_SUBJECT);
  await sponsor.getByLabel('Bestätigungscode').fill(code);
  await sponsor.getByRole('button', { name: 'Bestätigen', exact: true }).click();
  await expect(sponsor).not.toHaveURL(/\/verify\//);

  // A new account sets up its profile first (as a sponsor); then the dashboard shows the invitation.
  if (/\/on-boarding\//.test(sponsor.url())) {
    const token = await sponsor.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
      return key ? localStorage.getItem(key) : null;
    });
    expect(token).toBeTruthy();
    const onboarded = await sponsor.request.post('/api/user-profile', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        role: 'sponsor',
        organisation_name: 'Bäckerei Sonnenschein GmbH',
        street: 'Marktstraße',
        house_number: '3',
        postal_code: '10117',
        city: 'Berlin',
        country: 'DE',
      },
    });
    expect(onboarded.status(), await onboarded.text()).toBe(201);
  }
  await sponsor.goto('/dashboard-sponsor');
  const card = sponsor.getByTestId('sponsor-sponsorship').filter({ hasText: eventTitle });
  await expect(card).toContainText('Eingeladen');
  await expect(card).toContainText('2.500,00 €');
  await expect(card).toContainText('14.06.2030');
  await expect(card).toContainText('Sportverein Musterstadt e. V.');
  await expect(sponsor.getByTestId('sponsor-committed')).toHaveText('0,00 €');

  // The organiser watches the dashboard while the sponsor works.
  // Its one open task: the sponsor, registered but not yet signed (decision 037).
  await page.goto('/dashboard/organizer/');
  await expect(page.getByTestId('open-tasks-count')).toHaveText('1');
  await expect(page.getByText('1 Sponsor hat noch nicht unterschrieben:')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Benachrichtigungen', exact: true })).toBeVisible();

  // The sponsor uploads the signed PDF from the dashboard.
  await openFlowStep(card, 'sign');
  await card.getByLabel('Unterschriebene PDF auswählen').setInputFiles({
    name: 'Vereinbarung unterschrieben.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('Unterschrieben'),
  });
  await expect(sponsor.getByText('Die unterschriebene Vereinbarung wurde hochgeladen.')).toBeVisible();
  await expect(card.getByTestId('signed-agreement')).toContainText('Vereinbarung unterschrieben.pdf');
  await expect(card).toContainText('Warten auf die Bestätigung des Veranstalters');

  // The organiser's bell shows the upload live; the dashboard lists the sponsorship to confirm.
  await expect(page.getByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('open-tasks-count')).toHaveText('1');
  await expect(page.getByText(`${sponsorEmail} hat unterschrieben – bestätigen:`)).toBeVisible();
  await expect(page.getByText('1 Sponsor hat noch nicht unterschrieben:')).toHaveCount(0);

  // The organiser confirms on the event's page.
  sponsorRow = await openSponsorship(page, event.id, sponsorEmail);
  await expect(sponsorRow).toContainText('Unterschrieben eingereicht');
  await sponsorRow.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByText('Das Sponsoring ist bestätigt.')).toBeVisible();
  await expect(sponsorRow).toContainText('Bestätigt');
  await expect(sponsorRow.getByRole('button', { name: 'Ablehnen' })).toHaveCount(0);

  // The organiser's event list counts the confirmed sponsor and the committed sum.
  await page.goto('/dashboard/organizer/events');
  const item = page.getByRole('article').filter({ hasText: eventTitle });
  // The spec's text: the number followed by 'Sponsoren', also for one.
  await expect(item.getByRole('listitem').filter({ hasText: /Sponsoren$/ })).toHaveText('1 Sponsoren');
  await expect(item).toContainText('2.500,00 €');
  await expect(item).toContainText('0 offene Sponsorings');

  // Nothing is left to do on the organiser's dashboard.
  await page.goto('/dashboard/organizer/');
  await expect(page.getByTestId('open-tasks-count')).toHaveText('0');

  // The sponsor's dashboard shows the confirmation and the committed sum.
  await sponsor.reload();
  await expect(card).toContainText('Bestätigt');
  await expect(card).toContainText('Nichts zu tun – das Sponsoring ist bestätigt');
  await expect(sponsor.getByTestId('sponsor-committed')).toHaveText('2.500,00 €');
  // And /events/ lists the sponsored event.
  await sponsor.goto('/events/');
  await expect(sponsor.getByText(eventTitle)).toBeVisible();

  await sponsor.goto('/dashboard-sponsor');
  await screenshots(sponsor, 'sponsor-dashboard', (p) => expect(p.getByTestId('sponsor-committed')).toBeVisible());
  await sponsorContext.close();

  // The organiser's first steps: an event and an invitation exist, the phone number was given.
  await page.goto('/dashboard/organizer/step');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen, Sportverein Musterstadt e. V.!');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
  await screenshots(page, 'organizer-step', (p) => expect(p.getByRole('progressbar')).toBeVisible());
});
