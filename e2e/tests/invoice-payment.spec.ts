// The sponsor pays an overdue invoice from the invitation link on a phone: the invoice says
// "Überfällig", the payment details are open by themselves (due since, amount due, account holder,
// IBAN, BIC, reference, GiroCode), the IBAN copies to the clipboard without spaces; the organiser's
// open tasks name it and link to the invoices page, which counts it as overdue, and a reminder goes
// out by hand, once a day. German at 375 px, English at 1280 px. A paid invoice is not cancelled:
// the dialog says to record the refund first (decision 060); after the refund the Stornorechnung is
// made, and its PDF names the invoice it cancels (looked at as an image in both languages).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { billingOrganiser, issuedInvoiceOf, signedSponsorshipWithBuyer } from '../support/invoices.ts';
import { pdfText } from '../support/pdf.ts';

const TEXT = {
  de: {
    overdue: 'Überfällig',
    dueSince: /Fällig seit dem \d{2}\.\d{2}\.\d{4}/,
    copyIban: 'IBAN kopieren',
    copied: 'IBAN kopiert.',
    amount: '2.975,00 €',
    qr: /GiroCode für die Überweisung von 2\.975,00/,
    ofWhichOverdue: 'Davon überfällig',
    task: 'Eine Rechnung ist überfällig: 2.975,00\u00a0€ offen.',
    remind: 'Erinnerung senden',
    reminded: 'Zahlungserinnerung 1 gesendet.',
    remindedToday: 'Heute ging schon eine Zahlungserinnerung zu dieser Rechnung hinaus.',
  },
  en: {
    overdue: 'Overdue',
    dueSince: /Due since \d{2}\/\d{2}\/\d{4}/,
    copyIban: 'Copy IBAN',
    copied: 'IBAN copied.',
    amount: '€2,975.00',
    qr: /GiroCode for the transfer of €2,975\.00/,
    ofWhichOverdue: 'Of which overdue',
    task: 'One invoice is overdue: €2,975.00 open.',
    remind: 'Send reminder',
    reminded: 'Payment reminder 1 sent.',
    remindedToday: 'A payment reminder for this invoice already went out today.',
  },
} as const;

for (const { language, width } of [
  { language: 'de', width: 375 },
  { language: 'en', width: 1280 },
] as const) {
  test(`the sponsor pays an overdue invoice from the link: details, copy, GiroCode (${language}, ${width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    const { token, event } = await billingOrganiser(page, language, 'Sommerfest');
    const sponsor = await signedSponsorshipWithBuyer(page, token, event.id, { language });
    // Invoiced 40 days ago with 14 days to pay: overdue today.
    const invoiceDate = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const issued = await issuedInvoiceOf(page, token, sponsor.sponsorshipId, { invoiceDate });

    const context = await browser.newContext({
      locale: language === 'de' ? 'de-DE' : 'en-GB',
      viewport: { width, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
    const guest = await context.newPage();
    await guest.goto(sponsor.link);
    const invoice = guest.getByTestId('sponsor-invoice');
    await expect(invoice.getByText(text.overdue, { exact: true })).toBeVisible();
    const payment = invoice.getByTestId('invoice-payment');
    await expect(payment.getByTestId('invoice-payment-due')).toHaveText(text.dueSince);
    await expect(payment).toContainText('DE89 3704 0044 0532 0130 00');
    await expect(payment).toContainText('COBADEFFXXX');
    await expect(payment).toContainText(issued.number);
    await expect(payment).toContainText(text.amount.replace(/ /g, '\u00a0'));
    await expect(payment.getByRole('img', { name: text.qr })).toBeVisible();
    await payment.getByRole('button', { name: text.copyIban }).click();
    await expect(guest.locator('[data-sonner-toast]').filter({ hasText: text.copied })).toBeVisible();
    expect(await guest.evaluate(() => navigator.clipboard.readText())).toBe('DE89370400440532013000');
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(guest, `sponsor invoice payment (${language}, ${width} px)`);
    await invoice.screenshot({ path: test.info().outputPath(`payment-${language}-${width}.png`) });
    await context.close();

    // The organiser's open tasks name it; their link opens the invoices page filtered to overdue ones.
    await page.goto('/dashboard/organizer/');
    const task = page.getByTestId('task-overdue-invoices');
    await expect(task).toContainText(text.task);
    await task.getByRole('link').click();
    await expect(page).toHaveURL(/\/dashboard\/organizer\/invoices\?status=overdue$/);
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    await expect(page.getByText(text.ofWhichOverdue)).toBeVisible();
    // The next payment reminder now, once a day.
    await page.getByRole('button', { name: text.remind }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: text.reminded })).toBeVisible();
    await page.getByRole('button', { name: text.remind }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: text.remindedToday })).toBeVisible();
  });
}

const CANCEL = {
  de: {
    cancel: 'Stornieren',
    paidTitle: /Rechnung RE-\d{4}-\d{4} ist bezahlt/,
    paidText: 'Zu dieser Rechnung sind Zahlungen über 2.975,00\u00a0€ erfasst.',
    createStorno: 'Stornorechnung erstellen',
    refund: 'Rückzahlung erfassen',
    saveRefund: 'Rückzahlung speichern',
    refunded: 'Die Rückzahlung ist erfasst.',
    refundEntry: /Rückzahlung 2\.975,00/,
    paid: 'Bezahlt',
    issued: 'Gestellt',
    cancelled: 'Storniert',
    stornoPdf: /Storniert die Rechnung RE-\d{4}-\d{4} vom \d{2}\.\d{2}\.\d{4}\./,
  },
  en: {
    cancel: 'Cancel invoice',
    paidTitle: /Invoice RE-\d{4}-\d{4} is paid/,
    paidText: 'Payments of €2,975.00 are recorded for this invoice.',
    createStorno: 'Create cancellation invoice',
    refund: 'Record refund',
    saveRefund: 'Save refund',
    refunded: 'The refund is recorded.',
    refundEntry: /refund €2,975\.00/,
    paid: 'Paid',
    issued: 'Issued',
    cancelled: 'Cancelled',
    stornoPdf: /Cancels invoice RE-\d{4}-\d{4} of \d{1,2} [A-Z][a-z]{2} \d{4}\./,
  },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`a paid invoice is cancelled only after its refund is recorded; the Storno names it (${language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = CANCEL[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const { token, event } = await billingOrganiser(page, language, 'Herbstfest');
    const sponsor = await signedSponsorshipWithBuyer(page, token, event.id, { language });
    const issued = await issuedInvoiceOf(page, token, sponsor.sponsorshipId);
    const headers = { Authorization: `Bearer ${token}` };
    const paid = await page.request.post(`/api/invoices/${issued.id}/payments`, {
      headers,
      data: { paid_on: new Date().toISOString().slice(0, 10), amount_cents: issued.gross_cents },
    });
    expect(paid.ok(), await paid.text()).toBe(true);

    await page.goto('/dashboard/organizer/invoices');
    const row = page.locator(`[data-testid="invoice-row"][data-number="${issued.number}"]`);
    await expect(row.getByTestId('invoice-status')).toHaveText(text.paid);
    await row.getByRole('button', { name: text.cancel }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: text.paidTitle })).toBeVisible();
    await expect(dialog).toContainText(text.paidText);
    await expect(dialog.getByRole('button', { name: text.createStorno })).toHaveCount(0);
    await expectAccessible(page, `paid invoice cancel dialog (${language})`);
    await page.screenshot({ path: test.info().outputPath(`cancel-paid-${language}.png`) });
    await dialog.getByRole('button', { name: text.refund }).click();

    const form = row.getByTestId('refund-form');
    await form.getByRole('button', { name: text.saveRefund }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: text.refunded })).toBeVisible();
    await expect(row.getByTestId('invoice-status')).toHaveText(text.issued);
    await expect(row).toContainText(text.refundEntry);

    await row.getByRole('button', { name: text.cancel }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: text.createStorno }).click();
    await expect(row.getByTestId('invoice-status')).toHaveText(text.cancelled);

    const list = await page.request.get(`/api/sponsorships/${sponsor.sponsorshipId}/invoices`, { headers });
    const storno = ((await list.json()) as { invoices: Array<{ id: number; kind: string }> }).invoices.find(
      (i) => i.kind === 'cancellation',
    )!;
    const pdf = await page.request.get(`/api/invoices/${storno.id}/invoice.pdf`, { headers });
    expect(pdf.ok()).toBe(true);
    const file = test.info().outputPath(`storno-${language}.pdf`);
    fs.writeFileSync(file, await pdf.body());
    expect(pdfText(file)).toMatch(text.stornoPdf);
    expect(pdfText(file)).toContain(issued.number);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      file,
      test.info().outputPath(`storno-${language}`),
    ]);
  });
}
