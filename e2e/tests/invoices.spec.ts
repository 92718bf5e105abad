// Invoices (issue 20) against the production build: the organiser fills the billing settings,
// confirms a sponsorship and issues an invoice on the event's page; the sponsor downloads the PDF and
// the XRechnung XML from the invitation link at 375 px; a second invoice beside the unpaid first one
// is added only by the explicit "add a further invoice", refuses an invoice date in the future with
// a translated message and gets the next number (decision 060); a cancellation keeps both in the list; an overdue invoice triggers a reminder mail; marking it paid
// updates the dashboard figures. In German and in English, with axe on the new screens.
import fs from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { openSponsorship } from '../support/event-workspace.ts';
import { runAdmin } from '../support/admin.ts';
import { expectAccessible } from '../support/axe.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { signedSponsorshipWithBuyer } from '../support/invoices.ts';
import { listMails } from '../support/mailbox.ts';
import { pdfText } from '../support/pdf.ts';
import { signInOnboardedUser } from '../support/session.ts';

const TEXT = {
  de: {
    billingNav: 'Rechnungsstellung',
    invoicesNav: 'Rechnungen',
    taxNumber: 'Steuernummer',
    iban: 'IBAN',
    bic: 'BIC',
    term: 'Zahlungsziel in Tagen',
    ibanInvalid: 'Diese IBAN ist ungültig (Länge oder Prüfziffer).',
    example: (y: number) => `Beispiel: RE-${y}-0001, danach RE-${y}-0002`,
    saveSettings: 'Angaben speichern',
    settingsSaved: 'Die Rechnungsangaben sind gespeichert.',
    ready: 'Alles bereit: Sie können Rechnungen stellen.',
    confirm: 'Bestätigen',
    confirmed: 'Das Sponsoring ist bestätigt.',
    create: 'Rechnung erstellen',
    further: 'Weitere Rechnung hinzufügen',
    furtherHint: 'Zu diesem Sponsoring ist noch eine Rechnung offen.',
    invoiceDate: 'Rechnungsdatum',
    saveDraft: 'Entwurf speichern',
    dateInFuture:
      'Das Rechnungsdatum darf nicht in der Zukunft liegen. Bitte wählen Sie heute oder einen vergangenen Tag.',
    dateOf: (iso: string) => iso.split('-').reverse().join('.'),
    issue: 'Rechnung stellen',
    issueConfirm: 'Verbindlich stellen',
    cannotChange: /Eine gestellte Rechnung kann nicht mehr geändert werden/,
    gross: '2.975,00 €',
    grossNumber: '2.975,00',
    pdf: (n: string) => `PDF von Rechnung ${n} herunterladen`,
    xml: (n: string) => `XRechnung (XML) von Rechnung ${n} herunterladen`,
    zugferd: (n: string) => `ZUGFeRD von Rechnung ${n} herunterladen`,
    yours: 'Ihre Rechnungen',
    cancel: 'Stornieren',
    cancelConfirm: 'Stornorechnung erstellen',
    cancelled: 'Storniert',
    storno: 'Stornorechnung',
    issued: 'Gestellt',
    payment: 'Zahlung erfassen',
    amount: 'Betrag',
    savePayment: 'Zahlung speichern',
    partly: 'Teilweise bezahlt',
    paid: 'Bezahlt',
    partAmount: '1.000,00',
    duplicate: 'Eine Zahlung von 1.000,00 € am',
    recordAgain: 'Noch einmal erfassen',
    reminder: /Zahlungserinnerung/,
    csv: 'CSV exportieren',
    zero: '0,00 €',
  },
  en: {
    billingNav: 'Billing',
    invoicesNav: 'Invoices',
    taxNumber: 'Tax number',
    iban: 'IBAN',
    bic: 'BIC',
    term: 'Payment term in days',
    ibanInvalid: 'This IBAN is not valid (length or check digits).',
    example: (y: number) => `Example: RE-${y}-0001, then RE-${y}-0002`,
    saveSettings: 'Save details',
    settingsSaved: 'The billing details are saved.',
    ready: 'All set: you can issue invoices.',
    confirm: 'Confirm',
    confirmed: 'The sponsorship is confirmed.',
    create: 'Create invoice',
    further: 'Add a further invoice',
    furtherHint: 'An invoice of this sponsorship is still open.',
    invoiceDate: 'Invoice date',
    saveDraft: 'Save draft',
    dateInFuture: 'The invoice date cannot be in the future. Please choose today or a past day.',
    dateOf: (iso: string) => iso.split('-').reverse().join('/'),
    issue: 'Issue invoice',
    issueConfirm: 'Issue',
    cannotChange: /An issued invoice cannot be changed/,
    gross: '€2,975.00',
    grossNumber: '2,975.00',
    pdf: (n: string) => `Download PDF of invoice ${n}`,
    xml: (n: string) => `Download XRechnung (XML) of invoice ${n}`,
    zugferd: (n: string) => `Download ZUGFeRD of invoice ${n}`,
    yours: 'Your invoices',
    cancel: 'Cancel invoice',
    cancelConfirm: 'Create cancellation invoice',
    cancelled: 'Cancelled',
    storno: 'Cancellation invoice',
    issued: 'Issued',
    payment: 'Record payment',
    amount: 'Amount',
    savePayment: 'Save payment',
    partly: 'Partially paid',
    paid: 'Paid',
    partAmount: '1,000.00',
    duplicate: 'A payment of €1,000.00 on',
    recordAgain: 'Record it again',
    reminder: /Payment reminder/,
    csv: 'Export CSV',
    zero: '€0.00',
  },
} as const;

type Text = (typeof TEXT)[keyof typeof TEXT];
// Invoices are dated and numbered by the German calendar (apps/api/src/lib/calendar.ts), and the
// organiser's browser is in Germany too: on 31 December after 23:00 UTC both are in the new year.
test.use({ timezoneId: 'Europe/Berlin' });
const year = Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(new Date()));
const numberOf = (n: number) => `RE-${year}-${String(n).padStart(4, '0')}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

async function guestPage(browser: Browser, language: 'de' | 'en', link: string) {
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width: 375, height: 800 },
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  await page.goto(link);
  return page;
}

/** Clicks a download button and answers the saved file's path. */
async function download(page: Page, button: Locator): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await file.path();
  expect(path).toBeTruthy();
  return path;
}

/**
 * Creates a draft on the event's page (a further one beside an open invoice when `further`), checks
 * its total and issues it; answers the row. With `futureDate`, that date is refused first.
 */
async function issueInvoice(
  page: Page,
  text: Text,
  sponsorRow: Locator,
  expected: string,
  { shotName, further = false, futureDate }: { shotName?: string; further?: boolean; futureDate?: string } = {},
) {
  const section = sponsorRow.getByTestId('sponsorship-invoices');
  if (further) {
    await expect(section.getByRole('button', { name: text.create, exact: true })).toHaveCount(0);
    await expect(section).toContainText(text.furtherHint);
  }
  await section.getByRole('button', { name: further ? text.further : text.create }).click();
  const draft = section.getByTestId('draft-editor');
  await expect(draft.getByTestId('draft-totals')).toContainText(text.gross);
  if (futureDate) {
    // An invoice date in the future is refused by the server, shown at the field in the user's language.
    await draft.getByLabel(text.invoiceDate).fill(text.dateOf(futureDate));
    await draft.getByRole('button', { name: text.saveDraft }).click();
    await expect(draft.getByText(text.dateInFuture)).toBeVisible();
    const language = text.create === TEXT.de.create ? 'de' : 'en';
    await draft.screenshot({ path: test.info().outputPath(`draft-future-date-${language}.png`) });
    await draft.getByLabel(text.invoiceDate).fill('');
  }
  if (shotName) {
    // The review on a phone: no sideways scroll, and a picture of it.
    await page.setViewportSize({ width: 375, height: 800 });
    await noSidewaysScroll(page);
    await draft.screenshot({ path: test.info().outputPath(`${shotName}.png`) });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await draft.getByRole('button', { name: text.issue }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(text.cannotChange);
  await dialog.getByRole('button', { name: text.issueConfirm }).click();
  const row = section.locator(`[data-testid="invoice-row"][data-number="${expected}"]`);
  await expect(row.getByTestId('invoice-status')).toHaveText(text.issued);
  await expect(row.getByTestId('invoice-gross')).toHaveText(text.gross);
  return row;
}

for (const language of ['de', 'en'] as const) {
  test(`billing settings, invoice, sponsor download at 375 px, next number, cancellation, reminder, payment (${language})`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(240_000);
    const text = TEXT[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const organiser = await signInOnboardedUser(page, { language });
    const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
      title: `Stadtlauf ${Date.now()}`,
      event_date: '2030-07-04',
      location: 'Stadtpark',
      description: 'Lauf.',
    });
    const sponsor = await signedSponsorshipWithBuyer(page, organiser.tokens.accessToken, event.id, { language });

    // 1. Billing settings, reached through the organiser navigation; the IBAN is checked in the browser.
    await page.goto('/dashboard/organizer/');
    await page
      .getByRole('navigation', { name: /Veranstalter|Organiser/ })
      .getByRole('link', { name: text.billingNav })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: text.billingNav })).toBeVisible();
    await expect(page.getByTestId('number-example')).toHaveText(text.example(year));
    await page.getByLabel(text.taxNumber).fill('27/123/45678');
    await page.getByLabel(text.iban).fill('DE89 3704 0044 0532 0130 01');
    await page.getByLabel(text.bic).fill('COBADEFFXXX');
    await page.getByLabel(text.term).fill('14');
    await page.getByRole('button', { name: text.saveSettings }).click();
    await expect(page.getByText(text.ibanInvalid)).toBeVisible();
    await page.getByLabel(text.iban).fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: text.saveSettings }).click();
    await expect(page.getByText(text.settingsSaved)).toBeVisible();
    await expect(page.getByTestId('billing-missing')).toHaveText(text.ready);
    await expectAccessible(page, `billing settings (${language})`);
    await shot(page, `billing-1280-${language}`);
    await page.setViewportSize({ width: 375, height: 800 });
    await noSidewaysScroll(page);
    await shot(page, `billing-375-${language}`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // 2. Confirm the sponsorship on the event's page, create and issue the first invoice.
    const sponsorRow = await openSponsorship(page, event.id, sponsor.email);
    await sponsorRow.getByRole('button', { name: text.confirm }).click();
    await expect(page.getByText(text.confirmed)).toBeVisible();
    const first = await issueInvoice(page, text, sponsorRow, numberOf(1), { shotName: `draft-375-${language}` });
    await expectAccessible(page, `event page with invoices (${language})`);
    await shot(page, `event-invoices-1280-${language}`);
    await page.setViewportSize({ width: 375, height: 800 });
    await noSidewaysScroll(page);
    await sponsorRow.getByTestId('sponsorship-invoices').screenshot({
      path: test.info().outputPath(`event-invoices-375-${language}.png`),
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    // Point 5: e-mailed to the sponsor's billing address.
    await expect
      .poll(async () => (await listMails()).some((m) => m.to === sponsor.billingEmail && m.text.includes(numberOf(1))))
      .toBe(true);

    // 3. The sponsor downloads the PDF and the XRechnung XML from the link, on a phone.
    const guest = await guestPage(browser, language, sponsor.link);
    const mine = guest.getByTestId('sponsor-invoices');
    await expect(mine.getByRole('heading', { name: text.yours })).toBeVisible();
    await expect(mine.getByTestId('sponsor-invoice')).toHaveCount(1);
    await expect(mine.getByTestId('sponsor-invoice')).toContainText(text.gross);
    const pdf = await download(guest, mine.getByRole('button', { name: text.pdf(numberOf(1)) }));
    const pdfContent = pdfText(pdf);
    expect(pdfContent).toContain(numberOf(1));
    expect(pdfContent).toContain('Brauerei Müller & Söhne GmbH');
    expect(pdfContent).toContain(text.grossNumber);
    const xml = fs.readFileSync(
      await download(guest, mine.getByRole('button', { name: text.xml(numberOf(1)) })),
      'utf8',
    );
    // XRechnung in CII syntax: the document's number is rsm:ExchangedDocument/ram:ID.
    expect(xml).toMatch(/<rsm:CrossIndustryInvoice[\s>]/);
    expect(xml).toContain(`<ram:ID>${numberOf(1)}</ram:ID>`);
    const zugferd = await download(guest, mine.getByRole('button', { name: text.zugferd(numberOf(1)) }));
    expect(fs.readFileSync(zugferd).subarray(0, 5).toString()).toBe('%PDF-');
    await noSidewaysScroll(guest);
    await expectAccessible(guest, `sponsor invoices (${language}, 375 px)`);
    await mine.screenshot({ path: test.info().outputPath(`sponsor-375-${language}.png`) });
    fs.copyFileSync(pdf, test.info().outputPath(`invoice-${language}.pdf`));

    // 4. A second invoice beside the unpaid first is added explicitly, refuses a future date and gets the
    // next number; cancelling the first keeps both, plus the cancellation.
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
      new Date(Date.now() + 86_400_000),
    );
    await issueInvoice(page, text, sponsorRow, numberOf(2), { further: true, futureDate: tomorrow });
    await first.getByRole('button', { name: text.cancel }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: text.cancelConfirm }).click();
    await expect(first.getByTestId('invoice-status')).toHaveText(text.cancelled);
    const storno = sponsorRow.locator(`[data-testid="invoice-row"][data-number="${numberOf(3)}"]`);
    await expect(storno).toContainText(text.storno);
    await expect(sponsorRow.getByTestId('invoice-row')).toHaveCount(3);

    // 5. Overdue: the reminder job, run as of a day past the due date for this organisation only (the
    // other specs' invoices, running beside this one, are not its business), mails the sponsor.
    const due = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    runAdmin(['invoices', 'send-reminders', '--at', due, '--organisation', String(event.organisation_id)]);
    await expect
      .poll(async () =>
        (await listMails()).some(
          (m) =>
            m.to === sponsor.billingEmail &&
            text.reminder.test(m.subject) &&
            `${m.subject} ${m.text}`.includes(numberOf(2)),
        ),
      )
      .toBe(true);

    // 6. The organisation's invoices page: all three, the sums, the CSV; a partial payment, then the rest.
    await page.goto('/dashboard/organizer/');
    await page
      .getByRole('navigation', { name: /Veranstalter|Organiser/ })
      .getByRole('link', { name: text.invoicesNav })
      .click();
    await expect(page.getByTestId('invoice-row')).toHaveCount(3);
    await expect(page.getByTestId('invoices-outstanding')).toHaveText(text.gross);
    const csv = fs.readFileSync(await download(page, page.getByRole('button', { name: text.csv })), 'utf8');
    for (const n of [1, 2, 3]) expect(csv).toContain(numberOf(n));
    const listed = page.locator(`[data-testid="invoice-row"][data-number="${numberOf(2)}"]`);
    await listed.getByRole('button', { name: text.payment, exact: true }).click();
    await listed.getByLabel(text.amount).fill(text.partAmount);
    await listed.getByRole('button', { name: text.savePayment }).click();
    await expect(listed.getByTestId('invoice-status')).toHaveText(text.partly);
    await expectAccessible(page, `invoices page (${language})`);
    await shot(page, `invoices-1280-${language}`);
    await page.setViewportSize({ width: 375, height: 800 });
    await noSidewaysScroll(page);
    await shot(page, `invoices-375-${language}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    // The same amount on the same day again is taken for a repetition and asked about; said to be a
    // second transfer, it is recorded.
    await listed.getByRole('button', { name: text.payment, exact: true }).click();
    await listed.getByLabel(text.amount).fill(text.partAmount);
    await listed.getByRole('button', { name: text.savePayment }).click();
    const repeated = listed.getByTestId('payment-duplicate');
    await expect(repeated).toContainText(text.duplicate.replace(' €', '\u00a0€'));
    await shot(page, `payment-duplicate-1280-${language}`);
    await repeated.getByRole('button', { name: text.recordAgain }).click();
    await expect(listed.getByTestId('payment-form')).toHaveCount(0);
    await listed.getByRole('button', { name: text.payment, exact: true }).click();
    await listed.getByRole('button', { name: text.savePayment }).click();
    await expect(listed.getByTestId('invoice-status')).toHaveText(text.paid);

    // 7. The dashboard's figures follow: all invoiced is paid, nothing outstanding.
    await page.goto('/dashboard/organizer/');
    const card = page.getByTestId('invoices-card');
    await expect(card.getByTestId('invoices-invoiced')).toHaveText(text.gross);
    await expect(card.getByTestId('invoices-paid')).toHaveText(text.gross);
    await expect(card.getByTestId('invoices-outstanding')).toHaveText(text.zero);
    await shot(page, `dashboard-1280-${language}`);
    await page.goto('/dashboard/organizer/events');
    await expect(page.getByTestId('event-invoice-numbers')).toContainText(text.gross);

    // The sponsor sees the paid invoice, the cancelled one and the cancellation.
    await guest.reload();
    await expect(guest.getByTestId('sponsor-invoice')).toHaveCount(3);
    await guest.context().close();
  });
}
