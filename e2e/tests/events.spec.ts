// Events end to end against the production build: an onboarded organiser creates an event with its
// PDF, finds it in the list, edits it with a new PDF and downloads that PDF byte for byte; files
// that are not PDFs are refused, in the browser and (for a disguised one) by the server, after which
// the created event continues on its edit page.
import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { makePdf } from '../support/pdf.ts';
import { signInOnboardedUser } from '../support/session.ts';

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return errors;
}

async function downloadCurrentPdf(page: Page, fileName: string): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `${fileName} herunterladen` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  return fs.readFile(await download.path());
}

const pdfInput = (page: Page) => page.getByLabel('Sponsoring-Vereinbarung (PDF)');

test.describe('events', () => {
  test('creates an event with a PDF, lists it, replaces the PDF and downloads it byte for byte', async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page);
    await signInOnboardedUser(page);
    const first = makePdf('Sponsoring 1');
    const second = makePdf('Sponsoring 2 - neue Fassung');

    await page.goto('/dashboard/organizer/events');
    await expect(page.getByRole('heading', { name: 'Noch keine Events' })).toBeVisible();
    await page.getByRole('link', { name: 'Event anlegen' }).click();
    await expect(page).toHaveURL(/\/create-event\/$/);

    await page.getByLabel('Titel').fill('Sommerfest 2030');
    await page.getByLabel('Datum').pressSequentially('24122030');
    await expect(page.getByLabel('Datum')).toHaveValue('24.12.2030');
    await page.getByLabel('Ort').fill('Stadthalle Musterstadt');
    await page.getByLabel('Beschreibung').fill('Das große Sommerfest mit Bühne und Markt.');
    await pdfInput(page).setInputFiles({ name: 'Vertrag.pdf', mimeType: 'application/pdf', buffer: first });
    await expect(page.getByText('Vertrag.pdf')).toBeVisible();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();

    await expect(page.getByText('Event wurde gespeichert!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/organizer\/events$/);
    const card = page.getByRole('article').filter({ hasText: 'Sommerfest 2030' });
    await expect(card.getByText('24.12.2030')).toBeVisible();
    await expect(card.getByText('Stadthalle Musterstadt')).toBeVisible();
    await expect(card.getByText('0 Sponsoren')).toBeVisible();
    await expect(card.getByText('0 offene Sponsorings')).toBeVisible();
    // Both of its sums (docs/glossary.md): committed and in negotiation.
    await expect(card.getByTestId('event-committed')).toHaveText('0,00 €');
    await expect(card.getByTestId('event-in-negotiation')).toHaveText('0,00 €');
    await expect(page.getByText('1 von 1 Events')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mehr laden' })).toHaveCount(0);

    await card.getByRole('link', { name: 'Sommerfest 2030' }).click();
    await expect(page).toHaveURL(/\/edit-event\/\d+$/);
    // The event opens on its overview; its fields are one click away, in the settings.
    await page
      .getByRole('navigation', { name: 'Bereiche dieses Events' })
      .getByRole('link', { name: 'Einstellungen' })
      .click();
    await expect(page).toHaveURL(/\/edit-event\/\d+\/settings$/);
    const editUrl = page.url();
    await expect(page.getByLabel('Titel')).toHaveValue('Sommerfest 2030');
    await expect(page.getByLabel('Datum')).toHaveValue('24.12.2030');
    expect((await downloadCurrentPdf(page, 'Vertrag.pdf')).equals(first)).toBe(true);

    await page.getByLabel('Titel').fill('Sommerfest 2030 – Open Air');
    await pdfInput(page).setInputFiles({ name: 'Vertrag neu.pdf', mimeType: 'application/pdf', buffer: second });
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Event wurde gespeichert!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/organizer\/events$/);
    await expect(page.getByRole('link', { name: 'Sommerfest 2030 – Open Air' })).toBeVisible();

    await page.goto(editUrl);
    expect((await downloadCurrentPdf(page, 'Vertrag neu.pdf')).equals(second)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test('refuses files that are not PDFs and keeps a created event whose upload was refused', async ({ page }) => {
    await signInOnboardedUser(page);
    await page.goto('/create-event/');
    await page.getByLabel('Titel').fill('Herbstmarkt');
    await page.getByLabel('Datum').fill('03.10.2030');
    await page.getByLabel('Ort').fill('Marktplatz');
    await page.getByLabel('Beschreibung').fill('Regionaler Markt.');

    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Bitte laden Sie eine PDF-Datei hoch.');

    await pdfInput(page).setInputFiles({ name: 'notizen.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert')).toHaveText('Bitte laden Sie eine PDF-Datei hoch.');
    await expect(page.getByText('notizen.txt')).toHaveCount(0);

    // Named and typed as a PDF, but not one: the server refuses the bytes after the event was created.
    await pdfInput(page).setInputFiles({
      name: 'getarnt.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('this is not a pdf'),
    });
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page).toHaveURL(/\/edit-event\/\d+\/settings$/);
    await expect(page.getByText('Das Event wurde angelegt, die PDF-Datei aber noch nicht gespeichert.')).toBeVisible();
    await expect(page.getByLabel('Titel')).toHaveValue('Herbstmarkt');
    await expect(page.getByLabel('Datum')).toHaveValue('03.10.2030');

    await pdfInput(page).setInputFiles({ name: 'Markt.pdf', mimeType: 'application/pdf', buffer: makePdf('Markt') });
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Event wurde gespeichert!')).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: 'Herbstmarkt' }).getByText('03.10.2030')).toBeVisible();
  });

  test('shows a not-found state for unknown or malformed event ids and a way back from /edit-event/', async ({
    page,
  }) => {
    await signInOnboardedUser(page);
    await page.goto('/edit-event/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Event nicht gefunden' })).toBeVisible();
    await page.goto('/edit-event/abc');
    await expect(page.getByRole('heading', { level: 1, name: 'Event nicht gefunden' })).toBeVisible();
    await page.goto('/edit-event/');
    await expect(page.getByRole('heading', { level: 1, name: 'Kein Event ausgewählt' })).toBeVisible();
    await page.getByRole('link', { name: 'Zu meinen Events' }).click();
    await expect(page).toHaveURL(/\/dashboard\/organizer\/events$/);
  });
});
