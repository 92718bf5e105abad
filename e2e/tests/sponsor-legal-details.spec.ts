// The sponsor's legal and billing details (the party of an agreement, the buyer of an invoice): a
// guest sponsor enters them from the invitation link on a phone in German, a wrong VAT id is named at
// its field, the saved details come back after a reload, and the same link in English at 1280 px
// shows the same record. The page does not scroll sideways at 375 px.
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';

const SHOTS = process.env.E2E_SHOTS ?? path.join('test-results', 'sponsor-legal-details');

async function visitor(browser: Browser, language: 'de' | 'en', width: number): Promise<Page> {
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width, height: 900 },
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  return context.newPage();
}

test('a sponsor enters the billing details from the invitation link at 375 px', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
    title: `Sommerfest ${Date.now()}`,
    event_date: '2030-07-04',
    location: 'Marktplatz',
    description: 'Fest.',
  });
  const invited = await page.request.post('/api/sponsor-invitation', {
    headers: { Authorization: `Bearer ${organiser.tokens.accessToken}` },
    data: { email: uniqueEmail('legal'), event_id: event.id, package_ids: [] },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = ((await invited.json()) as { url: string }).url;

  const guest = await visitor(browser, 'de', 375);
  await guest.goto(link);
  const card = await openFlowStep(guest, 'details');
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('heading', { name: 'Rechnungs- und Vertragsdaten' })).toBeVisible();
  await card.getByLabel('Rechtlicher Name').fill('Brauerei Müller & Söhne GmbH');
  await card.getByLabel('Straße').fill('Große Straße');
  await card.getByLabel('Hausnummer').fill('12a');
  await card.getByLabel('Postleitzahl').fill('80331');
  await card.getByLabel('Ort', { exact: true }).fill('München');
  await card.getByLabel('USt-IdNr.').fill('US 123');
  await card.getByRole('button', { name: 'Daten speichern' }).click();
  await expect(card.getByText(/Keine gültige USt-IdNr\./)).toBeVisible();
  await card.getByLabel('USt-IdNr.').fill('de 123 456 789');
  await card.getByLabel('E-Mail für Rechnungen').fill('rechnung@brauerei.example');
  await card.getByRole('button', { name: 'Daten speichern' }).click();
  await expect(guest.getByText('Rechnungs- und Vertragsdaten gespeichert')).toBeVisible();
  // The toast does not widen the page.
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(guest, 'sponsor legal details (de, 375 px)');

  await guest.reload();
  await expect((await openFlowStep(guest, 'details')).getByLabel('USt-IdNr.')).toHaveValue('DE123456789');
  await expect((await openFlowStep(guest, 'details')).getByLabel('Rechtlicher Name')).toHaveValue(
    'Brauerei Müller & Söhne GmbH',
  );
  await expect(guest.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await (await openFlowStep(guest, 'details')).screenshot({ path: path.join(SHOTS, 'legal-details-de-375.png') });
  await guest.context().close();

  const english = await visitor(browser, 'en', 1280);
  await english.goto(link);
  const englishCard = await openFlowStep(english, 'details');
  await expect(englishCard.getByRole('heading', { name: 'Billing and contract details' })).toBeVisible();
  await expect(englishCard.getByLabel('VAT ID')).toHaveValue('DE123456789');
  await expect(englishCard.getByLabel('E-mail for invoices')).toHaveValue('rechnung@brauerei.example');
  await expectAccessible(english, 'sponsor legal details (en, 1280 px)');
  await englishCard.screenshot({ path: path.join(SHOTS, 'legal-details-en-1280.png') });

  // The sponsor is a Swiss company: its UID is taken as printed, with its VAT suffix; a short one is named.
  const country = englishCard.getByRole('combobox', { name: 'Country' });
  await country.fill('Switz');
  await expect(english.getByRole('option', { name: 'Switzerland' })).toBeVisible();
  await country.press('Enter');
  await expect(country).toHaveValue('Switzerland');
  await expect(englishCard.getByText('in Switzerland CHE-123.456.789 MWST')).toBeVisible();
  await englishCard.getByLabel('VAT ID').fill('CHE-123.456.78 MWST');
  await englishCard.getByRole('button', { name: 'Save details' }).click();
  await expect(englishCard.getByText(/Not a valid VAT ID .* in Switzerland the UID with MWST/)).toBeVisible();
  // Munich's postcode stayed behind when the country changed: named with Switzerland's format.
  await expect(englishCard.getByLabel('Postal code')).toHaveAccessibleDescription(
    'Not a valid postal code (country: Switzerland, e.g. 8001).',
  );
  await englishCard.screenshot({ path: path.join(SHOTS, 'legal-details-swiss-wrong-en-1280.png') });
  await englishCard.getByLabel('Postal code').fill('8005');
  await englishCard.getByLabel('City').fill('Zürich');
  await englishCard.getByLabel('VAT ID').fill('CHE-123.456.789 MWST');
  await englishCard.getByRole('button', { name: 'Save details' }).click();
  await expect(english.getByText('Billing and contract details saved')).toBeVisible();
  await english.reload();
  await expect((await openFlowStep(english, 'details')).getByLabel('VAT ID')).toHaveValue('CHE123456789MWST');
  await (
    await openFlowStep(english, 'details')
  ).screenshot({ path: path.join(SHOTS, 'legal-details-swiss-en-1280.png') });
  await english.context().close();
});
