// A sponsor with an account does the generated agreement from their dashboard on a phone, not from
// the invitation link: chooses the offered package, enters the legal details, signs with a finger;
// the organiser countersigns; the sponsor's dashboard then shows the sponsorship confirmed, the
// committed sum and the sealed PDF, the same file the organiser has. In German and English, 375 px.
import fs from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openEventArea, openSponsorship } from '../support/event-workspace.ts';
import { expectAccessible } from '../support/axe.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { issuedInvoiceOf, saveBillingSettings } from '../support/invoices.ts';
import { enterLegalDetails } from '../support/legal-details.ts';
import { completeOnboarding, createUser, signInOnboardedUser, storeSession, uniqueEmail } from '../support/session.ts';
import { drawWithFinger, drawWithMouse } from '../support/signature.ts';
import { sponsorshipIdOf } from '../support/sponsorships.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';

type Language = 'de' | 'en';

const TEXT = {
  de: {
    add: 'Paket anlegen',
    name: 'Name',
    price: 'Preis in EUR (netto)',
    save: 'Speichern',
    saveSettings: 'Einstellungen speichern',
    generated: /Erzeugte Vereinbarung/,
    settingsSaved: 'Die Einstellungen zur Vereinbarung wurden gespeichert.',
    email: 'E-Mail des Sponsors',
    invite: 'Einladen',
    sent: 'Einladung erfolgreich versendet!',
    choose: 'Dieses Paket wählen',
    chosen: 'Gewählt',
    sign: 'Vereinbarung unterschreiben',
    countersign: 'Gegenzeichnen',
    fullName: 'Vollständiger Name',
    position: 'Funktion (z. B. Geschäftsführerin)',
    consent: 'Ich habe die Vereinbarung gelesen und unterschreibe sie.',
    submit: 'Verbindlich unterschreiben',
    submitCountersign: 'Verbindlich gegenzeichnen',
    sponsorSigned: 'Vom Sponsor unterschrieben',
    completed: 'Von beiden Parteien unterschrieben',
    confirmed: 'Bestätigt',
    committed: '2.500,00 €',
    committedHint: 'aus 1 bestätigten Sponsoring',
    signedPdf: 'Unterschriebene Vereinbarung herunterladen',
    next: {
      package: 'Ein Paket wählen',
      details: 'Die Firmendaten für die Vereinbarung eingeben',
      sign: 'Die Vereinbarung hier im Browser unterschreiben',
      countersign: 'Warten auf die Gegenzeichnung des Veranstalters',
      confirmed: 'Nichts zu tun – das Sponsoring ist bestätigt',
      pay: (number: string) =>
        new RegExp(`^Rechnung ${number} über 2\\.975,00\\s€ bis zum \\d{2}\\.\\d{2}\\.\\d{4} bezahlen$`),
    },
  },
  en: {
    add: 'Add package',
    name: 'Name',
    price: 'Price in EUR (net)',
    save: 'Save',
    saveSettings: 'Save settings',
    generated: /Generated agreement/,
    settingsSaved: 'The agreement settings were saved.',
    email: "Sponsor's e-mail",
    invite: 'Invite',
    sent: 'Invitation sent successfully!',
    choose: 'Choose this package',
    chosen: 'Chosen',
    sign: 'Sign the agreement',
    countersign: 'Countersign',
    fullName: 'Full name',
    position: 'Position (e.g. managing director)',
    consent: 'I have read the agreement and sign it.',
    submit: 'Sign with binding effect',
    submitCountersign: 'Countersign with binding effect',
    sponsorSigned: 'Signed by the sponsor',
    completed: 'Signed by both parties',
    confirmed: 'Confirmed',
    committed: '€2,500.00',
    committedHint: 'from 1 confirmed sponsorship',
    signedPdf: 'Download the signed agreement',
    next: {
      package: 'Choose a package',
      details: "Enter your company's details for the agreement",
      sign: 'Sign the agreement here in the browser',
      countersign: "Waiting for the organiser's countersignature",
      confirmed: 'Nothing to do – the sponsorship is confirmed',
      pay: (number: string) => new RegExp(`^Pay invoice ${number} of €2,975\\.00 by \\d{2}/\\d{2}/\\d{4}$`),
    },
  },
} as const;
type Text = (typeof TEXT)[Language];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function download(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await click();
  return fs.readFile((await (await downloading).path())!);
}

/** The sponsor's phone, signed in to their own account. */
async function sponsorPhone(browser: Browser, page: Page, email: string, language: Language) {
  const user = await createUser(page.request, { email });
  await completeOnboarding(page.request, user, { role: 'sponsor', organisation_name: 'Muster Brauerei GmbH' });
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
  });
  const phone = await context.newPage();
  await storeSession(phone, user, { language });
  return { phone, user };
}

async function signInDialog(page: Page, text: Text, who: { name: string; position: string; submit: string }) {
  // The signing dialog, not the sponsorship's panel it may open from (the event's sponsors table).
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('signature-pad') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(text.fullName).fill(who.name);
  await dialog.getByLabel(text.position).fill(who.position);
  const pad = dialog.getByTestId('signature-pad');
  await (page.viewportSize()!.width < 600 ? drawWithFinger(page, pad) : drawWithMouse(page, pad));
  await dialog.getByRole('checkbox', { name: text.consent }).check();
  await dialog.getByRole('button', { name: who.submit }).click();
  await expect(dialog).toHaveCount(0);
}

for (const language of ['de', 'en'] as const) {
  test(`a sponsor with an account signs the generated agreement from the dashboard on a phone (${language})`, async ({
    browser,
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const text = TEXT[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const organiser = await signInOnboardedUser(page, { language });
    const title = `Seefest ${language} ${Date.now()}`;
    const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
      title,
      event_date: '2030-06-20',
      location: 'Seeufer',
      description: 'Fest am See.',
    });

    // The organiser offers a package and switches the event to the generated agreement.
    await openEventArea(page, event.id, 'packages');
    await page.getByRole('button', { name: text.add }).click();
    const form = page.getByRole('form');
    await form.getByLabel(text.name, { exact: true }).fill('Gold');
    await form.getByLabel(text.price).fill('2500');
    await form.getByRole('button', { name: text.save }).click();
    await expect(page.getByTestId('package-item').filter({ hasText: 'Gold' })).toBeVisible();
    await openEventArea(page, event.id, 'agreement');
    const settings = page.getByTestId('agreement-settings');
    await settings.getByRole('radio', { name: text.generated }).check();
    await settings.getByRole('button', { name: text.saveSettings }).click();
    await expect(page.getByText(text.settingsSaved)).toBeVisible();

    await openEventArea(page, event.id, 'sponsors');
    const sponsorEmail = uniqueEmail(`dash-agr-${language}`);
    await page.getByLabel(text.email).fill(sponsorEmail);
    await page.getByRole('checkbox', { name: /Gold/ }).check();
    await page.getByRole('button', { name: text.invite, exact: true }).click();
    await expect(page.getByText(text.sent).first()).toBeVisible();

    // The sponsor opens their dashboard, not the link: the sponsorship is there with its steps.
    const { phone: sponsor, user: sponsorUser } = await sponsorPhone(browser, page, sponsorEmail, language);
    await sponsor.goto('/dashboard-sponsor');
    const item = sponsor.getByTestId('sponsor-sponsorship').filter({ hasText: title });
    await expect(item).toBeVisible();
    // Its next step is the generated agreement's, never "download the agreement".
    const nextStep = item.getByTestId('sponsor-next-step');
    await expect(nextStep).toHaveText(text.next.package);
    await item
      .getByTestId('offered-package')
      .filter({ hasText: 'Gold' })
      .getByRole('button', { name: text.choose })
      .click();
    await expect(item.getByTestId('offered-package').filter({ hasText: 'Gold' })).toContainText(text.chosen);
    await expect(nextStep).toHaveText(text.next.details);
    await enterLegalDetails(await openFlowStep(item, 'details'), language);
    const card = (await openFlowStep(item, 'sign')).getByTestId('agreement-card');
    await expect(nextStep).toHaveText(text.next.sign);
    await card.getByRole('button', { name: text.sign }).click();
    await signInDialog(sponsor, text, {
      name: 'Erika Mustermann',
      position: language === 'de' ? 'Geschäftsführerin' : 'Managing director',
      submit: text.submit,
    });
    await expect(card.getByTestId('agreement-state')).toHaveText(text.sponsorSigned);
    await expect(nextStep).toHaveText(text.next.countersign);
    await item.screenshot({ path: testInfo.outputPath(`dashboard-signed-${language}-375.png`) });
    await expect(sponsor.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await expectAccessible(sponsor, 'sponsor dashboard, agreement signed');
    expect(await sponsor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The organiser countersigns on the event's page.
    await page.reload();
    const row = await openSponsorship(page, event.id, sponsorEmail);
    const organiserCard = row.getByTestId('agreement-card');
    await expect(organiserCard.getByTestId('agreement-state')).toHaveText(text.sponsorSigned);
    await organiserCard.getByRole('button', { name: text.countersign }).click();
    await signInDialog(page, text, {
      name: 'Max Vorstand',
      position: language === 'de' ? 'Vorsitzender' : 'Chairman',
      submit: text.submitCountersign,
    });
    await expect(organiserCard.getByTestId('agreement-state')).toHaveText(text.completed);
    const fromOrganiser = await download(page, () =>
      organiserCard.getByRole('button', { name: text.signedPdf }).click(),
    );

    // The sponsor's dashboard: confirmed, the package's price committed, the same sealed PDF.
    await sponsor.reload();
    await openFlowStep(item, 'sign');
    await expect(item.getByText(text.confirmed, { exact: true })).toBeVisible();
    await expect(nextStep).toHaveText(text.next.confirmed);
    await expect(sponsor.getByTestId('sponsor-committed')).toHaveText(text.committed);
    await expect(sponsor.getByText(text.committedHint)).toBeVisible();
    await expect(card.getByTestId('agreement-state')).toHaveText(text.completed);
    const fromSponsor = await download(sponsor, () => card.getByRole('button', { name: text.signedPdf }).click());
    expect(sha256(fromSponsor)).toBe(sha256(fromOrganiser));
    await sponsor.screenshot({ path: testInfo.outputPath(`dashboard-confirmed-${language}-375.png`), fullPage: true });

    // Invoiced: the next step is paying it, not "nothing to do".
    await saveBillingSettings(page, organiser.tokens.accessToken, event.organisation_id);
    const sponsorshipId = await sponsorshipIdOf(page.request, organiser.tokens.accessToken, event.id, sponsorEmail);
    const invoice = await issuedInvoiceOf(page, organiser.tokens.accessToken, sponsorshipId, { confirm: false });
    await sponsor.reload();
    await expect(nextStep).toHaveText(text.next.pay(invoice.number));
    await sponsor.context().close();

    // The same dashboard on a desktop browser.
    const desktop = await (await browser.newContext({ locale: language === 'de' ? 'de-DE' : 'en-GB' })).newPage();
    await desktop.setViewportSize({ width: 1280, height: 900 });
    await storeSession(desktop, sponsorUser, { language });
    await desktop.goto('/dashboard-sponsor');
    await expect(desktop.getByTestId('sponsor-committed')).toHaveText(text.committed);
    const desktopItem = desktop.getByTestId('sponsor-sponsorship').filter({ hasText: title });
    await openFlowStep(desktopItem, 'sign');
    await expect(desktopItem).toContainText(text.completed);
    await desktop.screenshot({ path: testInfo.outputPath(`dashboard-confirmed-${language}-1280.png`), fullPage: true });
    await desktop.context().close();
  });
}
