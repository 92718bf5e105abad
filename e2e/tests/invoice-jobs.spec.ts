// Issuing every draft of an event is one job (decision 093): one click in the event's invoices area,
// a progress bar that fills, and each invoice's number and result. German at 1280 px, English at 375 px.
import { expect, test } from '@playwright/test';
import { openEventArea } from '../support/event-workspace.ts';
import { billingOrganiser, signedSponsorshipWithBuyer } from '../support/invoices.ts';

const TEXT = {
  de: { button: 'Alle 2 Entwürfe ausstellen', done: 'Ausgestellt: 2 von 2', state: 'erledigt' },
  en: { button: 'Issue all 2 drafts', done: 'Issued: 2 of 2', state: 'done' },
} as const;

for (const { language, width } of [
  { language: 'de', width: 1280 },
  { language: 'en', width: 375 },
] as const) {
  test(`issues every draft as one job with a progress bar (${language}, ${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    await page.setViewportSize({ width, height: 900 });
    const { token, event } = await billingOrganiser(page, language, 'Hafenfest');
    for (let i = 0; i < 2; i++) {
      const sponsor = await signedSponsorshipWithBuyer(page, token, event.id, { language });
      const auth = { Authorization: `Bearer ${token}` };
      const confirmed = await page.request.post(`/api/sponsorships/${sponsor.sponsorshipId}/status`, {
        headers: auth,
        data: { status: 'confirmed' },
      });
      expect(confirmed.ok(), await confirmed.text()).toBe(true);
      const draft = await page.request.post(`/api/sponsorships/${sponsor.sponsorshipId}/invoices`, {
        headers: auth,
        data: {},
      });
      expect(draft.ok(), await draft.text()).toBe(true);
    }
    await openEventArea(page, event.id, 'invoices');
    const jobs = page.getByTestId('invoice-jobs');
    await jobs.getByRole('button', { name: text.button }).click();
    await expect(jobs.getByRole('status')).toHaveText(text.done, { timeout: 60_000 });
    const bar = jobs.getByRole('progressbar');
    await expect(bar).toHaveAttribute('aria-valuenow', '2');
    await expect(jobs.getByRole('listitem')).toHaveCount(2);
    for (const item of await jobs.getByRole('listitem').all()) await expect(item).toContainText(text.state);
    await page.screenshot({ path: test.info().outputPath(`invoice-jobs-${language}-${width}.png`) });
  });
}
