// Every figure has one definition (issue 55, docs/glossary.md): with one sponsorship confirmed, two
// still open with an amount and one declined, the event list, the event page and the organiser
// dashboard show the same committed and in-negotiation sums under the glossary's words, in German
// and English, at phone and desktop width. Screenshots go to SHOTS_DIR when it is set.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { billingOrganiser, signedSponsorshipWithBuyer } from '../support/invoices.ts';
import { uniqueEmail } from '../support/session.ts';

const SHOTS_DIR = process.env.SHOTS_DIR;

const TEXT = {
  de: { committed: 'zugesagt', inNegotiation: 'in Verhandlung', c: '2.500,00\u00a0€', n: '1.500,00\u00a0€' },
  en: { committed: 'committed', inNegotiation: 'in negotiation', c: '€2,500.00', n: '€1,500.00' },
} as const;

async function shoot(page: Page, name: string) {
  if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

for (const language of ['de', 'en'] as const) {
  test(`the event list, the event page and the dashboard tell the same sums (${language})`, async ({ page }) => {
    test.slow();
    const text = TEXT[language];
    const { token, event } = await billingOrganiser(page, language, 'Stadtfest der Zahlen');
    const auth = { Authorization: `Bearer ${token}` };
    // Confirmed and invoiced: committed 2.500 €.
    const confirmed = await signedSponsorshipWithBuyer(page, token, event.id, { language, priceCents: 250_000 });
    const confirm = await page.request.post(`/api/sponsorships/${confirmed.sponsorshipId}/status`, {
      headers: auth,
      data: { status: 'confirmed' },
    });
    expect(confirm.ok(), await confirm.text()).toBe(true);
    const draft = await page.request.post(`/api/sponsorships/${confirmed.sponsorshipId}/invoices`, {
      headers: auth,
      data: {},
    });
    expect(draft.ok(), await draft.text()).toBe(true);
    // Signed, not yet confirmed (1.000 €), and invited with 500 € offered: in negotiation 1.500 €.
    await signedSponsorshipWithBuyer(page, token, event.id, { language, priceCents: 100_000 });
    const offered = await page.request.post('/api/sponsor-invitation', {
      headers: auth,
      data: { email: uniqueEmail('angebot'), event_id: event.id, amount_cents: 50_000 },
    });
    expect(offered.ok(), await offered.text()).toBe(true);
    // Declined: in neither sum.
    const declined = await page.request.post('/api/sponsor-invitation', {
      headers: auth,
      data: { email: uniqueEmail('abgelehnt'), event_id: event.id, amount_cents: 70_000 },
    });
    const { sponsorId } = (await declined.json()) as { sponsorId: number };
    const decline = await page.request.post(`/api/sponsorships/${sponsorId}/status`, {
      headers: auth,
      data: { status: 'declined' },
    });
    expect(decline.ok(), await decline.text()).toBe(true);

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });

      await page.goto('/dashboard/organizer/events');
      const card = page.locator('article').filter({ has: page.locator(`a[href="/edit-event/${event.id}"]`) });
      await expect(card.getByTestId('event-committed')).toHaveText(text.c);
      await expect(card.getByTestId('event-in-negotiation')).toHaveText(text.n);
      await expect(card.getByText(text.committed, { exact: true })).toBeVisible();
      await expect(card.getByText(text.inNegotiation, { exact: true })).toBeVisible();
      await shoot(page, `figures-events-${language}-${width}`);

      await page.goto(`/edit-event/${event.id}`);
      await expect(page.getByTestId('event-committed')).toHaveText(text.c);
      await expect(page.getByTestId('event-in-negotiation')).toHaveText(text.n);
      await shoot(page, `figures-event-page-${language}-${width}`);

      await page.goto('/dashboard/organizer/');
      await expect(page.getByTestId('numbers-committed')).toHaveText(text.c);
      await expect(page.getByTestId('numbers-in-negotiation')).toHaveText(text.n);
      await expect(page.getByText(text.inNegotiation, { exact: true })).toBeVisible();
      await shoot(page, `figures-dashboard-${language}-${width}`);
    }
  });
}
