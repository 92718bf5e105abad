// Issue 58, point 5 (decision 074) against the production build: a guest sponsor whose legal details
// say German switches the invitation page to English; the organiser's generated agreement is English
// from then on (the detail panel says so, the draft PDF's text is English), and the organiser's
// choice of German for this document wins over the sponsor's language.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openSponsorship } from '../support/event-workspace.ts';
import { pdfText } from '../support/pdf.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { guestOfLink } from '../support/sponsorships.ts';

test("a guest who switches to English gets an English agreement; the organiser's choice wins", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const organiser = await signInOnboardedUser(page, { role: 'veranstalter', language: 'de' });
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  const created = await page.request.post('/api/event/-1', {
    headers: auth,
    data: { title: `Sommerfest ${Date.now()}`, event_date: '2030-07-04', location: 'Hof', description: 'Fest' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const eventId = ((await created.json()) as { id: number }).id;
  const settings = await page.request.put(`/api/events/${eventId}/agreement-settings`, {
    headers: auth,
    data: { mode: 'generated', clauses: '', payment_term_days: 30, members_may_countersign: false },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const pack = await page.request.post(`/api/event/${eventId}/packages`, {
    headers: auth,
    data: { name: 'Gold', description: '', price_cents: 100_000, capacity: null, benefits: [] },
  });
  const packageId = ((await pack.json()) as { id: number }).id;
  const email = uniqueEmail('doc-language');
  const invited = await page.request.post('/api/sponsor-invitation', {
    headers: auth,
    data: { email, event_id: eventId, package_ids: [packageId] },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { url, sponsorId } = (await invited.json()) as { url: string; sponsorId: number };
  const asGuest = { Authorization: guestOfLink(url).authorization };
  const chosen = await page.request.post(`/api/sponsorships/${sponsorId}/package`, {
    headers: asGuest,
    data: { package_id: packageId },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  const legal = await page.request.put('/api/sponsor-profile/legal', {
    headers: asGuest,
    data: {
      legal_name: 'Hofbräu GmbH',
      street: 'Ring',
      house_number: '2',
      postal_code: '50667',
      city: 'Köln',
      country: 'DE',
      vat_id: null,
      billing_email: null,
      language: 'de',
    },
  });
  expect(legal.ok(), await legal.text()).toBe(true);
  const agreementLanguage = async () =>
    (
      (await (await page.request.get(`/api/sponsorships/${sponsorId}/agreement`, { headers: auth })).json()) as {
        language: string;
      }
    ).language;

  // The guest opens the link in German (nothing changes), then switches the page to English.
  const context = await browser.newContext({ locale: 'de-DE' });
  await context.addInitScript(() => localStorage.setItem('language', 'de'));
  const guest = await context.newPage();
  const link = new URL(url);
  await guest.goto(`${link.pathname}${link.search}`);
  await expect(guest.getByRole('heading', { name: 'Vielen Dank für Ihr Interesse!' })).toBeVisible();
  await expect.poll(agreementLanguage).toBe('de');
  // The switch on the page itself (decision 072), not the one behind the gear icon.
  await guest.getByTestId('language-switch').getByText('English').click();
  await expect(guest.getByRole('heading', { name: 'Thank you for your interest!' })).toBeVisible();
  await expect.poll(agreementLanguage).toBe('en');
  await context.close();

  // The organiser (German app) sees the agreement's language and the English draft.
  const panel = await openSponsorship(page, eventId, email);
  const select = panel.getByTestId('document-language');
  await expect(select).toHaveValue('follow');
  await expect(panel.getByText('Sprache der Vereinbarung jetzt: English.')).toBeVisible();
  const draft = await page.request.get(`/api/sponsorships/${sponsorId}/agreement/draft.pdf`, { headers: auth });
  expect(draft.ok(), await draft.text()).toBe(true);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'doc-language-')), 'draft.pdf');
  fs.writeFileSync(file, await draft.body());
  expect(pdfText(file)).toContain('Sponsorship agreement');

  // Chosen for this document: German, whatever the sponsor's app says.
  await select.selectOption('de');
  await expect(panel.getByText('Sprache der Vereinbarung jetzt: Deutsch.')).toBeVisible();
  expect(await agreementLanguage()).toBe('de');
});
