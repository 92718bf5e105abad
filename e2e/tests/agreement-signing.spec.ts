// Issue 19 end to end against the production build: the organiser switches the event to the
// generated agreement with their clauses and a payment term, previews it and invites a sponsor
// offering a package; the sponsor, on a 375 px phone from the invitation link, chooses the package,
// enters the legal details the draft needs, views the draft, draws a signature with a finger,
// consents and signs; a later change of the payment term voids that signature (both are told), a
// change while the sponsor signs is refused (409, "review again"), the sponsor signs the new draft;
// a changed amount voids it again and takes the sponsorship's status back at once (nothing to
// confirm), and the sponsor signs once more; the organiser countersigns at 1280 px with the mouse; both download the same
// sealed PDF; the public verification page confirms that file and rejects a copy with one changed
// byte. In German and English, axe finding nothing serious on the new screens.
import fs from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openEventArea, openSponsorship } from '../support/event-workspace.ts';
import { expectAccessible } from '../support/axe.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { listMails, waitForMailLink } from '../support/mailbox.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { drawWithFinger, drawWithMouse, inkedPixels } from '../support/signature.ts';
import { enterLegalDetails } from '../support/legal-details.ts';
import { flowStepHeader, openFlowStep } from '../support/sponsor-flow.ts';

type Language = 'de' | 'en';

const TEXT = {
  de: {
    add: 'Paket anlegen',
    name: 'Name',
    price: 'Preis in EUR (netto)',
    save: 'Speichern',
    saveSettings: 'Einstellungen speichern',
    generated: /Erzeugte Vereinbarung/,
    clauses: 'Eigene Klauseln',
    term: 'Zahlungsziel in Tagen',
    members: 'Mitglieder des Teams dürfen gegenzeichnen',
    settingsSaved: 'Die Einstellungen zur Vereinbarung wurden gespeichert.',
    preview: 'Vorschau (Deutsch)',
    email: 'E-Mail des Sponsors',
    invite: 'Einladen',
    sent: 'Einladung erfolgreich versendet!',
    choose: 'Dieses Paket wählen',
    chosen: 'Gewählt',
    viewDraft: 'Entwurf ansehen (PDF)',
    sign: 'Vereinbarung unterschreiben',
    countersign: 'Gegenzeichnen',
    fullName: 'Vollständiger Name',
    position: 'Funktion (z. B. Geschäftsführerin)',
    consent: 'Ich habe die Vereinbarung gelesen und unterschreibe sie.',
    submit: 'Verbindlich unterschreiben',
    submitCountersign: 'Verbindlich gegenzeichnen',
    sponsorSigned: 'Vom Sponsor unterschrieben',
    draftState: 'Entwurf – noch nicht unterschrieben',
    voided: 'Die Unterschrift von Erika Mustermann ist ungültig geworden',
    voidedHistory: 'ist ungültig geworden: Die Vereinbarung wurde danach geändert',
    draftChanged: 'Der Entwurf hat sich geändert.',
    completed: 'Von beiden Parteien unterschrieben',
    confirmed: 'Bestätigt',
    signedPdf: 'Unterschriebene Vereinbarung herunterladen',
    explain: 'Was für eine Unterschrift ist das?',
    verifyChoose: 'PDF auswählen',
    verifyHash: 'Oder SHA-256-Prüfwert einfügen',
    verifyCheck: 'Prüfen',
    found: 'ist eine unterschriebene Vereinbarung, die bei uns hinterlegt ist.',
    notFound: 'ist keine bei uns hinterlegte unterschriebene Vereinbarung.',
    damaged: 'aber unsere gespeicherte Kopie davon ist beschädigt.',
    footer: 'Vereinbarung prüfen',
  },
  en: {
    add: 'Add package',
    name: 'Name',
    price: 'Price in EUR (net)',
    save: 'Save',
    saveSettings: 'Save settings',
    generated: /Generated agreement/,
    clauses: 'Your own clauses',
    term: 'Payment term in days',
    members: 'Team members may countersign',
    settingsSaved: 'The agreement settings were saved.',
    preview: 'Preview (English)',
    email: "Sponsor's e-mail",
    invite: 'Invite',
    sent: 'Invitation sent successfully!',
    choose: 'Choose this package',
    chosen: 'Chosen',
    viewDraft: 'View draft (PDF)',
    sign: 'Sign the agreement',
    countersign: 'Countersign',
    fullName: 'Full name',
    position: 'Position (e.g. managing director)',
    consent: 'I have read the agreement and sign it.',
    submit: 'Sign with binding effect',
    submitCountersign: 'Countersign with binding effect',
    sponsorSigned: 'Signed by the sponsor',
    draftState: 'Draft – not signed yet',
    voided: "Erika Mustermann's signature is void",
    voidedHistory: 'was voided: the agreement changed afterwards',
    draftChanged: 'The draft has changed.',
    completed: 'Signed by both parties',
    confirmed: 'Confirmed',
    signedPdf: 'Download the signed agreement',
    explain: 'What kind of signature is this?',
    verifyChoose: 'Choose PDF',
    verifyHash: 'Or paste a SHA-256 checksum',
    verifyCheck: 'Check',
    found: 'is a signed agreement on record with us.',
    notFound: 'is not a signed agreement on record with us.',
    damaged: 'but our stored copy of it is damaged.',
    footer: 'Verify an agreement',
  },
} as const;
type Text = (typeof TEXT)[Language];

/** The text of a PDF (poppler's pdftotext), whitespace collapsed. */
const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function phone(browser: Browser, language: Language): Promise<Page> {
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  return context.newPage();
}

/** The toasts gone first: sonner's own colours are not what these screens are checked for. */
async function expectScreenAccessible(page: Page, screen: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page, screen);
}

async function noSidewaysScroll(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The organiser changes the event's agreement settings (which changes every draft). */
async function changeSettings(page: Page, text: Text, eventId: number, change: { term?: string; clauses?: string }) {
  await openEventArea(page, eventId, 'agreement');
  const settings = page.getByTestId('agreement-settings');
  if (change.term) await settings.getByLabel(text.term).fill(change.term);
  if (change.clauses) await settings.getByLabel(text.clauses).fill(change.clauses);
  await settings.getByRole('button', { name: text.saveSettings }).click();
  await expect(page.getByText(text.settingsSaved).first()).toBeVisible();
}

const short = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-8)}`;

async function download(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await click();
  return fs.readFile((await (await downloading).path())!);
}

/** Fills the signing dialog and signs; `draw` puts a signature on the pad. */
async function signInDialog(
  page: Page,
  text: Text,
  who: { name: string; position: string; submit: string },
  draw: (pad: ReturnType<Page['getByTestId']>) => Promise<void>,
  shot: string,
  beforeSubmit?: () => Promise<void>,
) {
  // The signing dialog, not the sponsorship's panel it may open from (the event's sponsors table).
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('signature-pad') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(text.fullName).fill(who.name);
  await dialog.getByLabel(text.position).fill(who.position);
  const pad = dialog.getByTestId('signature-pad');
  await draw(pad);
  expect(await inkedPixels(pad)).toBeGreaterThan(50);
  await dialog.getByRole('checkbox', { name: text.consent }).check();
  await dialog.getByText(text.explain).click();
  await dialog.screenshot({ path: shot });
  await expectScreenAccessible(page, `signing dialog (${who.submit})`);
  await beforeSubmit?.();
  await dialog.getByRole('button', { name: who.submit }).click();
  await expect(dialog).toHaveCount(0);
}

for (const language of ['de', 'en'] as const) {
  test(`a sponsor signs on a phone, the organiser countersigns, the sealed PDF verifies (${language})`, async ({
    browser,
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    const text = TEXT[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const organiser = await signInOnboardedUser(page, { language });
    const title = `Hafenfest ${language} ${Date.now()}`;
    const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
      title,
      event_date: '2030-08-15',
      location: 'Hafen',
      description: 'Fest am Wasser.',
    });

    // The organiser builds a package and switches the event to the generated agreement.
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
    const clause = language === 'de' ? 'Der Sponsor stellt zwei Banner.' : 'The sponsor provides two banners.';
    await settings.getByLabel(text.clauses).fill(clause);
    await settings.getByLabel(text.term).fill('21');
    await settings.getByRole('checkbox', { name: text.members }).check();
    await settings.getByRole('button', { name: text.saveSettings }).click();
    await expect(page.getByText(text.settingsSaved)).toBeVisible();
    const preview = await download(page, () => settings.getByRole('button', { name: text.preview }).click());
    expect(preview.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(preview)).toContain(clause);
    await settings.screenshot({ path: testInfo.outputPath(`organiser-settings-${language}-1280.png`) });
    await expectScreenAccessible(page, 'agreement settings');

    // The sponsor is invited with the package on offer.
    const sponsorEmail = uniqueEmail(`agr-${language}`);
    await openEventArea(page, event.id, 'sponsors');
    await page.getByLabel(text.email).fill(sponsorEmail);
    await page.getByRole('checkbox', { name: /Gold/ }).check();
    await page.getByRole('button', { name: text.invite, exact: true }).click();
    await expect(page.getByText(text.sent).first()).toBeVisible();
    const link = await waitForMailLink(sponsorEmail, /https?:\/\/\S+\/invite-sponsor\/\?\S+/);

    // On the phone: the package, the legal details, the draft, the signature.
    const sponsor = await phone(browser, language);
    await sponsor.goto(link);
    await sponsor
      .getByTestId('offered-package')
      .filter({ hasText: 'Gold' })
      .getByRole('button', { name: text.choose })
      .click();
    await expect(sponsor.getByTestId('offered-package').filter({ hasText: 'Gold' })).toContainText(text.chosen);
    // The choice reached the draft: signing waits for the legal details only.
    await expect(flowStepHeader(sponsor, 'sign')).toContainText(
      language === 'de'
        ? 'Wartet auf Ihre Rechnungs- und Vertragsdaten'
        : 'Waits for your billing and contract details',
    );
    const details = await openFlowStep(sponsor, 'details');
    await details.screenshot({ path: testInfo.outputPath(`sponsor-legal-${language}-375.png`) });
    await enterLegalDetails(details, language);
    const card = (await openFlowStep(sponsor, 'sign')).getByTestId('agreement-card');
    const hashShown = card.getByTestId('agreement-hash');
    await expect(hashShown).toBeVisible();
    const draft = await download(sponsor, () => card.getByRole('button', { name: text.viewDraft }).click());
    expect(draft.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const draftHash = sha256(draft);
    await expect(hashShown).toHaveText(short(draftHash));
    await card.screenshot({ path: testInfo.outputPath(`sponsor-card-${language}-375.png`) });
    await expectScreenAccessible(sponsor, 'sponsor agreement card');

    const erika = {
      name: 'Erika Mustermann',
      position: language === 'de' ? 'Geschäftsführerin' : 'Managing director',
      submit: text.submit,
    };
    const sponsorSigns = async (beforeSubmit?: () => Promise<void>) => {
      await card.getByRole('button', { name: text.sign }).click();
      await signInDialog(
        sponsor,
        text,
        erika,
        (pad) => drawWithFinger(sponsor, pad),
        testInfo.outputPath(`sponsor-dialog-${language}-375.png`),
        beforeSubmit,
      );
    };
    await sponsorSigns();
    await expect(card.getByTestId('agreement-state')).toHaveText(text.sponsorSigned);
    await expect(card.getByTestId('agreement-signature')).toContainText('Erika Mustermann');
    await noSidewaysScroll(sponsor);

    // The organiser changes the payment term: the sponsor's signature is void, and both are told.
    await changeSettings(page, text, event.id, { term: '30' });
    const row = await openSponsorship(page, event.id, sponsorEmail);
    const organiserCard = row.getByTestId('agreement-card');
    await expect(organiserCard.getByRole('alert').filter({ hasText: text.voided })).toBeVisible();
    await expect(organiserCard.getByTestId('agreement-state')).toHaveText(text.draftState);
    await expect(organiserCard.getByRole('button', { name: text.countersign })).toHaveCount(0);
    await sponsor.reload();
    await expect(card.getByRole('alert').filter({ hasText: text.voided })).toBeVisible();
    await expect(card.getByTestId('agreement-state')).toHaveText(text.draftState);
    await expect(hashShown).not.toHaveText(short(draftHash));
    // The sponsorship's history, which both parties see, keeps it too.
    await openFlowStep(sponsor, 'package');
    await expect(sponsor.getByTestId('sponsorship-activity')).toContainText(text.voidedHistory);
    await card.screenshot({ path: testInfo.outputPath(`sponsor-voided-${language}-375.png`) });

    // The draft changes again while the sponsor is signing: refused (409), the sponsor is asked to review.
    await sponsorSigns(() => changeSettings(page, text, event.id, { clauses: `${clause}\n\n${clause}` }));
    await expect(card.getByRole('alert').filter({ hasText: text.draftChanged })).toBeVisible();
    await expect(card.getByTestId('agreement-state')).toHaveText(text.draftState);
    const newDraft = await download(sponsor, () => card.getByRole('button', { name: text.viewDraft }).click());
    await expect(hashShown).toHaveText(short(sha256(newDraft)));
    await sponsorSigns();
    await expect(card.getByTestId('agreement-state')).toHaveText(text.sponsorSigned);
    await expect(card.getByRole('alert')).toHaveCount(0);

    // The organiser changes the amount: the signature is void at once and the sponsorship's status goes
    // back with it, so there is nothing to confirm or countersign; the sponsor signs the new version.
    await openSponsorship(page, event.id, sponsorEmail);
    const status = row.locator('[data-status]').first();
    await expect(status).toHaveAttribute('data-status', 'signed');
    const auth = { authorization: `Bearer ${organiser.tokens.accessToken}` };
    const listed = (await (
      await page.request.get(`/api/event/${event.id}/sponsorships`, { headers: auth })
    ).json()) as Array<{ id: number; sponsor_email: string }>;
    const sponsorshipId = listed.find((s) => s.sponsor_email.toLowerCase() === sponsorEmail.toLowerCase())!.id;
    const patched = await page.request.patch(`/api/sponsorships/${sponsorshipId}`, {
      headers: auth,
      data: { amount_cents: 300_000, note: language === 'de' ? 'Größerer Stand' : 'Larger booth' },
    });
    expect(patched.status()).toBe(200);
    const confirmVoided = await page.request.post(`/api/sponsorships/${sponsorshipId}/status`, {
      headers: auth,
      data: { status: 'confirmed' },
    });
    expect(confirmVoided.status()).toBe(409);
    // Loaded anew (a full navigation), then the sponsorship's panel opened from the table.
    await openEventArea(page, event.id, 'sponsors');
    await openSponsorship(page, event.id, sponsorEmail);
    await expect(status).not.toHaveAttribute('data-status', 'signed');
    await expect(organiserCard.getByTestId('agreement-state')).toHaveText(text.draftState);
    await expect(organiserCard.getByRole('alert').filter({ hasText: text.voided })).toBeVisible();
    await expect(organiserCard.getByRole('button', { name: text.countersign })).toHaveCount(0);
    await row.screenshot({ path: testInfo.outputPath(`organiser-amount-voided-${language}-1280.png`) });
    await sponsor.reload();
    await expect(card.getByRole('alert').filter({ hasText: text.voided })).toBeVisible();
    await expect(card.getByTestId('agreement-state')).toHaveText(text.draftState);
    await card.screenshot({ path: testInfo.outputPath(`sponsor-amount-voided-${language}-375.png`) });
    await sponsorSigns();
    await expect(card.getByTestId('agreement-state')).toHaveText(text.sponsorSigned);

    // The organiser countersigns at 1280 px with the mouse.
    await openEventArea(page, event.id, 'sponsors');
    await openSponsorship(page, event.id, sponsorEmail);
    await expect(organiserCard.getByTestId('agreement-state')).toHaveText(text.sponsorSigned);
    await expect(status).toHaveAttribute('data-status', 'signed');
    await organiserCard.getByRole('button', { name: text.countersign }).click();
    await signInDialog(
      page,
      text,
      {
        name: 'Max Vorstand',
        position: language === 'de' ? 'Vorsitzender' : 'Chairman',
        submit: text.submitCountersign,
      },
      (pad) => drawWithMouse(page, pad),
      testInfo.outputPath(`organiser-dialog-${language}-1280.png`),
    );
    await expect(organiserCard.getByTestId('agreement-state')).toHaveText(text.completed);
    await expect(row).toContainText(text.confirmed);
    await row.screenshot({ path: testInfo.outputPath(`organiser-signed-${language}-1280.png`) });
    const fromOrganiser = await download(page, () =>
      organiserCard.getByRole('button', { name: text.signedPdf }).click(),
    );

    // The sponsor gets the same sealed PDF.
    await sponsor.reload();
    const sponsorCard = (await openFlowStep(sponsor, 'sign')).getByTestId('agreement-card');
    await expect(sponsorCard.getByTestId('agreement-state')).toHaveText(text.completed);
    const fromSponsor = await download(sponsor, () =>
      sponsorCard.getByRole('button', { name: text.signedPdf }).click(),
    );
    expect(sha256(fromSponsor)).toBe(sha256(fromOrganiser));
    expect(sha256(fromSponsor)).not.toBe(draftHash);
    // The sealed PDF is the last draft: the changed term, both clauses, in the sponsor's language.
    expect(pdfText(fromSponsor)).toContain('Muster Brauerei GmbH');
    expect(pdfText(fromSponsor)).toContain(language === 'de' ? 'innerhalb von 30 Tagen' : 'within 30 days');
    // Both are mailed the sealed PDF.
    const sealedMail = /Unterschriebene Sponsoringvereinbarung|Signed sponsorship agreement/;
    await expect
      .poll(async () =>
        (await listMails())
          .filter((mail) => sealedMail.test(mail.subject))
          .map((mail) => mail.to.toLowerCase())
          .filter((to) => to === sponsorEmail.toLowerCase() || to === organiser.email.toLowerCase())
          .sort(),
      )
      .toEqual([organiser.email.toLowerCase(), sponsorEmail.toLowerCase()].sort());
    await fs.writeFile(testInfo.outputPath(`signed-${language}.pdf`), fromSponsor);
    await sponsorCard.screenshot({ path: testInfo.outputPath(`sponsor-signed-${language}-375.png`) });
    await noSidewaysScroll(sponsor);
    // The other widths of the same screens: the organiser's row on a phone, the sponsor's card wide.
    await page.setViewportSize({ width: 375, height: 812 });
    await row.screenshot({ path: testInfo.outputPath(`organiser-signed-${language}-375.png`) });
    await noSidewaysScroll(page);
    await sponsor.setViewportSize({ width: 1280, height: 900 });
    await sponsorCard.screenshot({ path: testInfo.outputPath(`sponsor-signed-${language}-1280.png`) });

    // Anyone checks the file on the public page (reached from the footer), and a one-byte change fails.
    const checker = await phone(browser, language);
    await checker.goto('/');
    await checker.getByRole('contentinfo').getByRole('link', { name: text.footer }).click();
    await expect(checker).toHaveURL(/\/verify-agreement\/$/);
    await checker.getByLabel(text.verifyChoose).setInputFiles({
      name: 'agreement.pdf',
      mimeType: 'application/pdf',
      buffer: fromSponsor,
    });
    const result = checker.getByTestId('verify-result');
    await expect(result).toHaveAttribute('data-found', 'true');
    await expect(result).toContainText(text.found);
    await expect(result).toContainText('Erika Mustermann');
    await expect(result).toContainText('Max Vorstand');
    await expect(result).not.toContainText(sponsorEmail);
    await checker.screenshot({ path: testInfo.outputPath(`verify-found-${language}-375.png`), fullPage: true });
    await checker.setViewportSize({ width: 1280, height: 900 });
    await checker.screenshot({ path: testInfo.outputPath(`verify-found-${language}-1280.png`) });
    await checker.setViewportSize({ width: 375, height: 812 });
    await expectScreenAccessible(checker, 'verification page');
    await noSidewaysScroll(checker);

    const tampered = Buffer.from(fromSponsor);
    const middle = Math.floor(tampered.length / 2);
    tampered[middle] = tampered[middle]! ^ 0x01;
    await checker.getByLabel(text.verifyChoose).setInputFiles({
      name: 'tampered.pdf',
      mimeType: 'application/pdf',
      buffer: tampered,
    });
    await expect(result).toHaveAttribute('data-found', 'false');
    await expect(result).toContainText(text.notFound);

    await checker.getByLabel(text.verifyHash).fill(sha256(fromOrganiser).toUpperCase());
    await checker.getByRole('button', { name: text.verifyCheck }).click();
    await expect(result).toHaveAttribute('data-found', 'true');

    // The platform's stored copy gets damaged: the holder's genuine file still verifies against the
    // record, and the page says that our copy is damaged, not that there is no such agreement (062).
    const dataDir = process.env.E2E_DATA_DIR!;
    const storedName = (await fs.readdir(dataDir, { recursive: true })).find((name) =>
      name.endsWith(`${sha256(fromSponsor)}.pdf`),
    );
    expect(storedName, 'the sealed PDF in the data directory').toBeDefined();
    const storedPath = `${dataDir}/${storedName}`;
    const stored = await fs.readFile(storedPath);
    stored[100] = stored[100]! ^ 0x01;
    await fs.writeFile(storedPath, stored);
    await checker.getByLabel(text.verifyChoose).setInputFiles({
      name: 'agreement.pdf',
      mimeType: 'application/pdf',
      buffer: fromSponsor,
    });
    await expect(result).toHaveAttribute('data-status', 'stored_copy_damaged');
    await expect(result).toContainText(text.damaged);
    await expect(result).toContainText('Erika Mustermann');
    await checker.screenshot({ path: testInfo.outputPath(`verify-damaged-${language}-375.png`), fullPage: true });
    await noSidewaysScroll(checker);
    await checker.setViewportSize({ width: 1280, height: 900 });
    await checker.screenshot({ path: testInfo.outputPath(`verify-damaged-${language}-1280.png`) });

    await sponsor.context().close();
    await checker.context().close();
  });
}
