// CSV exports defuse what a spreadsheet would run (issue 55, point 5): a sponsor whose company name
// is a formula that starts like a number shows up in the organisation's invoice export as text, with
// the amounts still plain numbers. Through the organiser's own invoices page, in German and English.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { billingOrganiser, issuedInvoiceOf, signedSponsorshipWithBuyer } from '../support/invoices.ts';

const TEXT = {
  de: { invoicesNav: 'Rechnungen', csv: 'CSV exportieren', organiser: /Veranstalter/ },
  en: { invoicesNav: 'Invoices', csv: 'Export CSV', organiser: /Organiser/ },
} as const;

/** A formula that starts with a minus and a digit: taken for a number before issue 55. */
const FORMULA_NAME = `-1+1+cmd|' /C calc'!A0`;

/** A semicolon-separated line split into its cells, quotes removed (every cell is quoted). */
const cells = (line: string) => line.split('";"').map((cell) => cell.replace(/^"|"$/g, '').replace(/""/g, '"'));

for (const language of ['de', 'en'] as const) {
  test(`the invoice export shows a formula-like company name as text (${language})`, async ({ page }) => {
    const text = TEXT[language];
    const { token, event } = await billingOrganiser(page, language, 'Export');
    const sponsor = await signedSponsorshipWithBuyer(page, token, event.id, {
      language,
      buyer: { legal_name: FORMULA_NAME },
    });
    const invoice = await issuedInvoiceOf(page, token, sponsor.sponsorshipId);

    await page.goto('/dashboard/organizer/');
    await page.getByRole('navigation', { name: text.organiser }).getByRole('link', { name: text.invoicesNav }).click();
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: text.csv }).click(),
    ]);
    const lines = fs
      .readFileSync((await file.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const header = lines[0]!.split(';');
    const row = cells(lines.find((line) => line.includes(invoice.number))!);
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('buyer')).toBe(`'${FORMULA_NAME}`);
    expect(cell('gross')).toBe((invoice.gross_cents / 100).toFixed(2));
    expect(cell('gross')).toMatch(/^\d+\.\d{2}$/);
  });
}
