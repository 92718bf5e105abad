// An invoice to a sponsor outside the EU (decision record 026): without the organisation's tax number
// the draft is refused with what to enter and a link to the billing settings; with it, the draft
// carries no German VAT and says why (not taxable in Germany, § 3a UStG). German and English, at
// 1280 and 375 px.
import { expect, test } from '@playwright/test';
import { openSponsorship } from '../support/event-workspace.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { saveBillingSettings, signedSponsorshipWithBuyer } from '../support/invoices.ts';
import { signInOnboardedUser } from '../support/session.ts';

const TEXT = {
  de: {
    confirm: 'Bestätigen',
    confirmed: 'Das Sponsoring ist bestätigt.',
    create: 'Rechnung erstellen',
    taxNumberMissing: /Für eine Rechnung an einen Sponsor außerhalb der EU tragen Sie bitte Ihre Steuernummer/,
    setUp: 'Zuerst die Rechnungsstellung einrichten',
    note: /Nicht im Inland steuerbare Leistung: Der Ort der Leistung liegt am Sitz oder Wohnsitz des Leistungsempfängers außerhalb der EU/,
    total: '2.500,00 €',
    issue: 'Rechnung stellen',
    issueConfirm: 'Verbindlich stellen',
    issued: 'Gestellt',
  },
  en: {
    confirm: 'Confirm',
    confirmed: 'The sponsorship is confirmed.',
    create: 'Create invoice',
    taxNumberMissing: /For an invoice to a sponsor outside the EU, please enter your tax number/,
    setUp: 'Set up billing first',
    note: /Not subject to German VAT \(nicht im Inland steuerbare Leistung\)/,
    total: '€2,500.00',
    issue: 'Issue invoice',
    issueConfirm: 'Issue',
    issued: 'Issued',
  },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`a sponsor in Switzerland is invoiced without German VAT, and the tax number is asked for (${language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const organiser = await signInOnboardedUser(page, { language });
    const token = organiser.tokens.accessToken;
    const event = await createEventWithAgreement(page, token, {
      title: `Zürich-Lauf ${Date.now()}`,
      event_date: '2030-07-04',
      location: 'Stadtpark',
      description: 'Lauf.',
    });
    const sponsor = await signedSponsorshipWithBuyer(page, token, event.id, {
      language,
      buyer: { legal_name: 'Käserei Alpenblick AG', city: 'Zürich', postal_code: '8001', country: 'CH', vat_id: null },
    });
    await saveBillingSettings(page, token, event.organisation_id, { tax_number: null });

    const sponsorRow = await openSponsorship(page, event.id, sponsor.email);
    await sponsorRow.getByRole('button', { name: text.confirm }).click();
    await expect(page.getByText(text.confirmed)).toBeVisible();
    const section = sponsorRow.getByTestId('sponsorship-invoices');

    // Only a VAT id in the settings: refused, with what to enter and the way there.
    await section.getByRole('button', { name: text.create }).click();
    await expect(page.getByText(text.taxNumberMissing)).toBeVisible();
    await expect(section.getByRole('link', { name: text.setUp })).toHaveAttribute(
      'href',
      '/dashboard/organizer/billing',
    );
    await expect(section.getByTestId('draft-editor')).toHaveCount(0);

    // With the tax number: no German VAT, and the note why.
    await saveBillingSettings(page, token, event.organisation_id, { tax_number: '27/123/45678' });
    await section.getByRole('button', { name: text.create }).click();
    const draft = section.getByTestId('draft-editor');
    await expect(draft.getByText(text.note)).toBeVisible();
    await expect(draft.getByTestId('draft-totals')).toContainText(text.total);
    await draft.screenshot({ path: test.info().outputPath(`draft-outside-eu-1280-${language}.png`) });
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await draft.screenshot({ path: test.info().outputPath(`draft-outside-eu-375-${language}.png`) });
    await page.setViewportSize({ width: 1280, height: 900 });

    await draft.getByRole('button', { name: text.issue }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: text.issueConfirm }).click();
    const row = section.getByTestId('invoice-row');
    // Issuing renders and mails the PDF: on a busy machine that takes longer than the default ten seconds.
    await expect(row.getByTestId('invoice-status')).toHaveText(text.issued, { timeout: 30_000 });
    await expect(row.getByTestId('invoice-gross')).toHaveText(text.total);
  });
}
