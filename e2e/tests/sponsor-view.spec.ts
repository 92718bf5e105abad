// Issue 60 point 6 end to end against the production build (decision 109): a sponsor of two of the
// organisation's events (set up through the API: a package chosen in both, billing details once) and
// a second sponsor. The organiser, in German at 1280 px, opens the sponsors from the navigation, finds
// the first sponsor once with both events, opens its page (history with packages, amounts, delivery,
// contacts), writes a private note (an empty one is refused with a message), and reaches the same
// page from the event's sponsors table. In English at 375 px the list and the page read without
// sideways scrolling. Another organisation gets neither the page nor the notes. Axe finds nothing
// serious on either screen.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { openSponsorship } from '../support/event-workspace.ts';
import { createUser, completeOnboarding, signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { guestOfLink, signAsGuest } from '../support/sponsorships.ts';

const LEGAL = {
  legal_name: 'Bäckerei Sonnenschein GmbH',
  street: 'Marktplatz',
  house_number: '3',
  postal_code: '50667',
  city: 'Köln',
  country: 'DE',
  vat_id: null,
  billing_email: null,
  language: 'de',
};

const keyOf = (email: string) => Buffer.from(email.toLowerCase()).toString('base64url');

async function quietAccessible(page: Page, screen: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page, screen);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen}: no sideways scroll`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('the organiser sees one page per sponsor across events, with history, money and private notes', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  const api = async (method: 'post' | 'put' | 'get', url: string, data?: unknown, headers = auth) => {
    const res = await page.request[method](url, { headers, ...(data === undefined ? {} : { data }) });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return res.json();
  };

  const stamp = Date.now();
  const regular = uniqueEmail('stammsponsor');
  const newcomer = uniqueEmail('neuling');
  const events: Array<{ id: number; title: string }> = [];
  for (const [title, date, price] of [
    [`Sommerfest ${stamp}`, '2030-07-01', 150_000],
    [`Winterfest ${stamp}`, '2030-12-01', 200_000],
  ] as const) {
    const event = await api('post', '/api/event/-1', {
      title,
      event_date: date,
      location: 'Köln',
      description: 'Fest im Park.',
    });
    const gold = await api('post', `/api/event/${event.id}/packages`, {
      name: 'Gold',
      description: '',
      price_cents: price,
      capacity: null,
      benefits: [{ title: 'Logo auf dem Plakat', kind: 'logo', due_date: '2026-01-10', sponsor_delivers: true }],
    });
    const invited = await api('post', '/api/sponsor-invitation', {
      email: regular,
      event_id: event.id,
      package_ids: [gold.id],
    });
    const guest = { Authorization: guestOfLink(invited.url).authorization };
    await api('post', `/api/sponsorships/${invited.sponsorId}/package`, { package_id: gold.id }, guest);
    if (events.length === 0) {
      // Last summer's sponsorship is confirmed: its deliverable exists, and is past due.
      await api('put', '/api/sponsor-profile/legal', LEGAL, guest);
      await signAsGuest(page.request, guest.Authorization, invited.sponsorId);
      await api('post', `/api/sponsorships/${invited.sponsorId}/status`, { status: 'confirmed' });
    }
    events.push({ id: event.id, title });
  }
  await api('post', '/api/sponsor-invitation', { email: newcomer, event_id: events[1]!.id, package_ids: [] });

  // From the navigation: the regular sponsor once, by its company name, with both events.
  await page.goto('/dashboard/organizer/');
  await page.getByRole('navigation', { name: 'Veranstalter-Bereich' }).getByRole('link', { name: 'Sponsoren' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sponsoren' })).toBeVisible();
  await expect(page.getByText('2 Sponsoren')).toBeVisible();
  const row = page.getByRole('link', { name: /Bäckerei Sonnenschein GmbH/ });
  await expect(row).toContainText('2 Veranstaltungen');
  await expect(row).toContainText(`Zuletzt: Winterfest ${stamp}`);
  await page.getByLabel('Sponsoren durchsuchen').fill('neuling');
  await expect(page.getByText('1 Sponsor', { exact: true })).toBeVisible();
  await page.getByLabel('Sponsoren durchsuchen').fill('');
  await page.screenshot({ path: testInfo.outputPath('list-de-1280.png'), fullPage: true });
  await quietAccessible(page, 'sponsor list (de, 1280)');

  // The sponsor's page: both events with Gold and their amounts, the delivery record, the contact.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/organizer/sponsors/${keyOf(regular)}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Bäckerei Sonnenschein GmbH' })).toBeVisible();
  const history = page.getByTestId('sponsor-history');
  await expect(history).toContainText(`Winterfest ${stamp}`);
  await expect(history).toContainText(`Sommerfest ${stamp}`);
  await expect(history).toContainText('Gold · 2.000,00 €');
  await expect(history).toContainText('Gold · 1.500,00 €');
  await expect(page.getByText('Zugesagt', { exact: true }).locator('xpath=..')).toContainText('1.500,00 €');
  await expect(page.getByText('In Verhandlung', { exact: true }).locator('xpath=..')).toContainText('2.000,00 €');
  await expect(history).toContainText('0 von 1 Leistungen erledigt');
  await expect(history).toContainText('1 überfällig');
  await expect(page.getByText('Noch keine Rechnungen.')).toBeVisible();
  await expect(page.getByText('Köln, DE')).toBeVisible();

  // A note: empty is refused with a message, then one is saved and listed with its author.
  await page.getByRole('button', { name: 'Notiz speichern' }).click();
  await expect(page.getByText('Bitte schreiben Sie eine Notiz.')).toBeVisible();
  await page.getByLabel('Neue Notiz').fill('Möchte 2031 wieder Gold, Rückruf im März.');
  await page.getByRole('button', { name: 'Notiz speichern' }).click();
  const notes = page.getByRole('list', { name: 'Notizen des Teams' });
  await expect(notes).toContainText('Möchte 2031 wieder Gold, Rückruf im März.');
  await expect(notes).toContainText(organiser.email);
  await expect(page.getByLabel('Neue Notiz')).toHaveValue('');
  await page.screenshot({ path: testInfo.outputPath('sponsor-de-1280.png'), fullPage: true });
  await quietAccessible(page, 'sponsor page (de, 1280)');

  // From an event's sponsors table, through the sponsorship's panel, to the same page.
  await openSponsorship(page, events[0]!.id, regular);
  await page.getByRole('link', { name: 'Alle Veranstaltungen dieses Sponsors' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/organizer/sponsors/${keyOf(regular)}$`));
  await expect(page.getByRole('list', { name: 'Notizen des Teams' })).toContainText('Rückruf im März');

  // Another organisation: no page, no notes, its own list empty.
  const other = await createUser(page.request);
  await completeOnboarding(page.request, other);
  const foreign = await page.request.get(`/api/sponsors/${keyOf(regular)}`, {
    headers: { Authorization: `Bearer ${other.tokens.accessToken}` },
  });
  expect(foreign.status()).toBe(404);
  const foreignNote = await page.request.post(`/api/sponsors/${keyOf(regular)}/notes`, {
    headers: { Authorization: `Bearer ${other.tokens.accessToken}` },
    data: { text: 'Fremd' },
  });
  expect(foreignNote.status()).toBe(404);

  // English on a phone: the list and the page without sideways scrolling.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard/organizer/sponsors/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sponsors' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Bäckerei Sonnenschein GmbH/ })).toContainText('2 events');
  await page.screenshot({ path: testInfo.outputPath('list-en-375.png'), fullPage: true });
  await quietAccessible(page, 'sponsor list (en, 375)');
  await page.getByRole('link', { name: /Bäckerei Sonnenschein GmbH/ }).click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(page.getByText('0 of 1 deliverables done').first()).toBeVisible();
  await expect(page.getByText('1 late').first()).toBeVisible();
  await expect(page.getByRole('list', { name: "The team's notes" })).toContainText(organiser.email);
  await page.screenshot({ path: testInfo.outputPath('sponsor-en-375.png'), fullPage: true });
  await quietAccessible(page, 'sponsor page (en, 375)');
});
