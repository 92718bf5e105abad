// The sponsor pays an overdue invoice from the invitation link on a phone: the invoice says
// "Überfällig", the payment details are open by themselves (due since, amount due, account holder,
// IBAN, BIC, reference, GiroCode), the IBAN copies to the clipboard without spaces; the organiser's
// open tasks name it and link to the invoices page, which counts it as overdue, and a reminder goes
// out by hand, once a day. German at 375 px, English at 1280 px.
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { billingOrganiser, issuedInvoiceOf, signedSponsorshipWithBuyer } from '../support/invoices.ts';

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
