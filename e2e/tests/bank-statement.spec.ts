// The organiser records payments from the bank's camt.053 (or MT940) statement on the invoices page: the file
// is read in the browser, the credit naming one invoice pays it in full, the one naming the other
// pays part, a transfer without a number from the third sponsor is proposed by amount and payer and
// recorded once ticked, a donation without a number is listed apart; after recording, the invoices
// say "Bezahlt" and "Teilweise bezahlt", and the same file read again offers nothing twice.
// German at 1280 px, English at 375 px.
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { billingOrganiser, issuedInvoiceOf, signedSponsorshipWithBuyer } from '../support/invoices.ts';

const TEXT = {
  de: {
    nav: 'Rechnungen',
    button: 'Kontoauszug abgleichen',
    file: 'Kontoauszug (camt.053 oder MT940)',
    found: '3 Zahlungen gefunden',
    unmatched: '1 Zahlungseingang ohne offene Rechnung',
    byPayer: 'Ohne Rechnungsnummer – zugeordnet über Betrag und Zahler. Bitte prüfen und ankreuzen.',
    submit: '2 Zahlungen erfassen',
    submitAll: '3 Zahlungen erfassen',
    recorded: '3 Zahlungen erfasst.',
    paid: 'Bezahlt',
    partly: 'Teilweise bezahlt',
    already: 'Schon erfasst.',
    none: '0 Zahlungen erfassen',
  },
  en: {
    nav: 'Invoices',
    button: 'Match bank statement',
    file: 'Bank statement (camt.053 or MT940)',
    found: '3 payments found',
    unmatched: '1 incoming payment without an open invoice',
    byPayer: 'No invoice number – matched by amount and payer. Please check and tick it.',
    submit: 'Record 2 payments',
    submitAll: 'Record 3 payments',
    recorded: '3 payments recorded.',
    paid: 'Paid',
    partly: 'Partially paid',
    already: 'Already recorded.',
    none: 'Record 0 payments',
  },
} as const;

const euros = (cents: number) => (cents / 100).toFixed(2);

function camt(credits: Array<{ cents: number; text: string; payer: string }>, day: string) {
  const entries = credits
    .map(
      ({ cents, text, payer }) => `<Ntry><Amt Ccy="EUR">${euros(cents)}</Amt><CdtDbtInd>CRDT</CdtDbtInd>
  <Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><NtryDtls><TxDtls>
  <RltdPties><Dbtr><Pty><Nm>${payer}</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>${text}</Ustrd></RmtInf>
  </TxDtls></NtryDtls></Ntry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>E2E</MsgId><CreDtTm>${day}T18:00:00</CreDtTm></GrpHdr><Stmt><Id>1</Id>
${entries}
</Stmt></BkToCstmrStmt></Document>`;
}

for (const { language, width } of [
  { language: 'de', width: 1280 },
  { language: 'en', width: 375 },
] as const) {
  test(`records the payments of a camt.053 bank statement (${language}, ${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    await page.setViewportSize({ width, height: 900 });
    const { token, event } = await billingOrganiser(page, language, 'Herbstlauf');
    const first = await issuedInvoiceOf(
      page,
      token,
      (await signedSponsorshipWithBuyer(page, token, event.id, { language })).sponsorshipId,
    );
    const second = await issuedInvoiceOf(
      page,
      token,
      (await signedSponsorshipWithBuyer(page, token, event.id, { language, priceCents: 100_000 })).sponsorshipId,
    );
    const third = await issuedInvoiceOf(
      page,
      token,
      (
        await signedSponsorshipWithBuyer(page, token, event.id, {
          language,
          priceCents: 40_000,
          buyer: { legal_name: 'Stadtwerke Herbstlauf GmbH' },
        })
      ).sponsorshipId,
    );
    const today = new Date().toISOString().slice(0, 10);
    const file = {
      name: 'kontoauszug.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(
        camt(
          [
            { cents: first.gross_cents, text: `Rechnung ${first.number.replace(/-/g, ' ')}`, payer: 'Brauerei Müller' },
            { cents: 50_000, text: `${second.number} Anzahlung`, payer: 'Autohaus Kern' },
            { cents: third.gross_cents, text: 'Sponsoring Herbstlauf', payer: 'STADTWERKE HERBSTLAUF' },
            { cents: 2_500, text: 'Spende Jugendabteilung', payer: 'Erika Mustermann' },
          ],
          today,
        ),
      ),
    };

    await page.goto('/dashboard/organizer/invoices');
    await page.getByRole('button', { name: text.button }).click();
    const dialog = page.getByTestId('bank-statement-dialog');
    await dialog.getByLabel(text.file).setInputFiles(file);
    await expect(dialog.getByText(text.found)).toBeVisible();
    await expect(dialog.getByTestId('statement-match')).toHaveCount(3);
    await expect(dialog.getByText(text.unmatched)).toBeVisible();
    // Proposed by amount and payer: shown with the reference, left for the organiser to tick.
    const proposed = dialog.getByTestId('statement-match').filter({ hasText: third.number });
    await expect(proposed).toContainText(text.byPayer);
    await expect(proposed).toContainText('Sponsoring Herbstlauf');
    await expect(proposed.getByRole('checkbox')).not.toBeChecked();
    await expect(dialog.getByRole('button', { name: text.submit })).toBeEnabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page, `bank statement dialog (${language}, ${width} px)`);
    await dialog.screenshot({ path: test.info().outputPath(`statement-${language}-${width}.png`) });
    await proposed.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: text.submitAll }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: text.recorded })).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = (number: string) => page.locator(`[data-testid="invoice-row"][data-number="${number}"]`);
    await expect(row(first.number).getByTestId('invoice-status')).toHaveText(text.paid);
    await expect(row(second.number).getByTestId('invoice-status')).toHaveText(text.partly);
    await expect(row(third.number).getByTestId('invoice-status')).toHaveText(text.paid);
    await page.screenshot({ path: test.info().outputPath(`invoices-${language}-${width}.png`), fullPage: true });

    // The same file again: all three payments are known as recorded, nothing is offered twice.
    await page.getByRole('button', { name: text.button }).click();
    await dialog.getByLabel(text.file).setInputFiles(file);
    await expect(dialog.getByTestId('statement-match')).toHaveCount(3);
    for (const match of await dialog.getByTestId('statement-match').all())
      await expect(match).toContainText(text.already);
    await expect(dialog.getByRole('button', { name: text.none })).toBeDisabled();
  });
}

// The same from an MT940 file as a Sparkasse writes it (Windows-1252, CRLF, the German :86: field):
// the credit naming the invoice pays it, and the payer's umlauts are read right.
test('records a payment from an MT940 statement (de, 375 px)', async ({ page }) => {
  test.setTimeout(90_000);
  const text = TEXT.de;
  await page.setViewportSize({ width: 375, height: 900 });
  const { token, event } = await billingOrganiser(page, 'de', 'Winterlauf');
  const invoice = await issuedInvoiceOf(
    page,
    token,
    (await signedSponsorshipWithBuyer(page, token, event.id, { language: 'de' })).sponsorshipId,
  );
  const day = new Date().toISOString().slice(2, 10).replace(/-/g, '');
  const amount = euros(invoice.gross_cents).replace('.', ',');
  const mt940 = [
    ':20:STARTUMSE',
    ':25:30050110/1234567890',
    `:60F:C${day}EUR0,00`,
    `:61:${day}${day.slice(2)}CR${amount}N166NONREF`,
    `:86:166?00SEPA-GUTSCHRIFT?20EREF+NOTPROVIDED?21SVWZ+${invoice.number} Sponsoring?32Getränke Höfer KG`,
    `:62F:C${day}EUR${amount}`,
    '-',
  ].join('\r\n');
  await page.goto('/dashboard/organizer/invoices');
  await page.getByRole('button', { name: text.button }).click();
  const dialog = page.getByTestId('bank-statement-dialog');
  await dialog.getByLabel(text.file).setInputFiles({
    name: 'umsaetze.sta',
    mimeType: 'text/plain',
    buffer: Buffer.from(mt940, 'latin1'),
  });
  const match = dialog.getByTestId('statement-match');
  await expect(match).toHaveCount(1);
  await expect(match).toContainText(invoice.number);
  await expect(match).toContainText('Getränke Höfer KG');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await dialog.screenshot({ path: test.info().outputPath('statement-mt940-de-375.png') });
  await dialog.getByRole('button', { name: '1 Zahlung erfassen' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: '1 Zahlung erfasst.' })).toBeVisible();
  const row = page.locator(`[data-testid="invoice-row"][data-number="${invoice.number}"]`);
  await expect(row.getByTestId('invoice-status')).toHaveText(text.paid);
});
