// The organiser with many confirmed sponsors drafts their invoices at once on the event's page: one
// click makes a draft for each sponsor not invoiced yet, says how many, and names the sponsor who was
// skipped and why (no billing address yet); the drafts wait in the sponsors' rows to be reviewed and
// issued. A second click makes none twice. German at 1280 px, English at 375 px.
import { expect, test, type Page } from '@playwright/test';
import { closeSponsorship, openEventArea, openSponsorship } from '../support/event-workspace.ts';
import { billingOrganiser, signedSponsorshipWithBuyer } from '../support/invoices.ts';
import { uniqueEmail } from '../support/session.ts';
import { signAsGuest } from '../support/sponsorships.ts';

const TEXT = {
  de: {
    button: 'Rechnungsentwürfe anlegen',
    created: '2 Rechnungsentwürfe angelegt',
    skipped: '1 Sponsor übersprungen:',
    reason: 'Der Sponsor hat seine Rechnungsanschrift noch nicht angegeben.',
    draft: 'Entwurf prüfen',
  },
  en: {
    button: 'Create invoice drafts',
    created: '2 invoice drafts created',
    skipped: '1 sponsor skipped:',
    reason: 'The sponsor has not entered their billing address yet.',
    draft: 'Review draft',
  },
} as const;

/** A sponsor who signed through the link without entering a billing address. */
async function signedWithoutAddress(
  page: Page,
  token: string,
  eventId: number,
): Promise<{ email: string; id: number }> {
  const email = uniqueEmail('ohne-anschrift');
  const invited = await page.request.post('/api/sponsor-invitation', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email, event_id: eventId, amount_cents: 80_000 },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const { url, sponsorId } = (await invited.json()) as { url: string; sponsorId: number };
  await signAsGuest(page.request, `${new URL(url).searchParams.get('token')}:${email}`, sponsorId);
  return { email, id: sponsorId };
}

for (const { language, width } of [
  { language: 'de', width: 1280 },
  { language: 'en', width: 375 },
] as const) {
  test(`drafts the invoices of every confirmed sponsor at once, naming who was skipped (${language}, ${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    await page.setViewportSize({ width, height: 900 });
    const { token, event } = await billingOrganiser(page, language, 'Stadtfest');
    const ready = [
      await signedSponsorshipWithBuyer(page, token, event.id, { language }),
      await signedSponsorshipWithBuyer(page, token, event.id, { language }),
    ];
    const missing = await signedWithoutAddress(page, token, event.id);
    for (const id of [...ready.map((s) => s.sponsorshipId), missing.id]) {
      const confirmed = await page.request.post(`/api/sponsorships/${id}/status`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { status: 'confirmed' },
      });
      expect(confirmed.ok(), await confirmed.text()).toBe(true);
    }

    await openEventArea(page, event.id, 'sponsors');
    await page.getByRole('button', { name: text.button }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: text.created });
    await expect(toast).toContainText(text.skipped);
    await expect(toast).toContainText(`${missing.email}: ${text.reason}`);
    await page.screenshot({ path: test.info().outputPath(`drafts-${language}-${width}.png`) });
    for (const sponsor of ready) {
      const row = await openSponsorship(page, event.id, sponsor.email);
      await expect(row.getByTestId('sponsorship-invoices')).toContainText(text.draft);
    }
    const skippedRow = await openSponsorship(page, event.id, missing.email);
    await expect(skippedRow.getByTestId('sponsorship-invoices')).not.toContainText(text.draft);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await closeSponsorship(page);

    // Again: nothing twice; the sponsor without an address is named again.
    await page.getByRole('button', { name: text.button }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: text.skipped }).last()).toContainText(
      missing.email,
    );
    const drafts = await page.request.get(
      `/api/organisation/${event.organisation_id}/invoices?event_id=${event.id}&status=draft`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(((await drafts.json()) as { invoices: unknown[] }).invoices).toHaveLength(2);
  });
}
