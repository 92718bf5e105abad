// Issue 60 points 4 and 5 end to end against the production build (decision 101): last year's event
// had a sponsor who signed the generated agreement (set up through the API). The organiser, in German
// at 1280 px, plans the next edition from the event's settings with prices +5 % in one step, lands on
// the new event's renewals and offers the renewal with the package preselected; the sponsor, in
// English on a 375 px phone, opens the offer from the mail, sees their package preselected, accepts,
// and signs the prefilled agreement (last year's legal details, not entered again) with a finger; the
// organiser's renewal view says accepted. Axe finds nothing serious on the new screens.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { eventAreaPath } from '../support/event-workspace.ts';
import { waitForMailLink } from '../support/mailbox.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { drawWithFinger, inkedPixels } from '../support/signature.ts';
import { guestOfLink } from '../support/sponsorships.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';

const LEGAL = {
  legal_name: 'Harbour Sweets Ltd',
  street: 'Dock Road',
  house_number: '7',
  postal_code: '20457',
  city: 'Hamburg',
  country: 'DE',
  vat_id: 'DE123456789',
  billing_email: null,
  language: 'en',
};

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
  });
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  return context.newPage();
}

async function quietAccessible(page: Page, screen: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page, screen);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen}: no sideways scroll`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('the organiser plans the next edition and offers a renewal; the sponsor accepts and signs the prefilled agreement', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  const api = async (method: 'post' | 'put' | 'get', url: string, data?: unknown, headers = auth) => {
    const res = await page.request[method](url, { headers, ...(data === undefined ? {} : { data }) });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return res.json();
  };

  // Last year: a generated agreement, a package, a sponsor who signed it (all through the API).
  const title = `Hafenfest ${Date.now()}`;
  const previous = await api('post', '/api/event/-1', {
    title,
    event_date: '2030-08-15',
    location: 'Hafen',
    description: 'Fest am Wasser.',
  });
  const gold = await api('post', `/api/event/${previous.id}/packages`, {
    name: 'Gold',
    description: 'Der große Auftritt',
    price_cents: 250_000,
    capacity: null,
    benefits: [{ title: 'Logo auf dem Plakat', kind: 'logo', due_date: null, sponsor_delivers: true }],
  });
  await api('put', `/api/events/${previous.id}/agreement-settings`, {
    mode: 'generated',
    clauses: 'Der Sponsor stellt zwei Banner.',
    payment_term_days: 21,
    members_may_countersign: false,
  });
  const sponsorEmail = uniqueEmail('renewal');
  const invited = await api('post', '/api/sponsor-invitation', {
    email: sponsorEmail,
    event_id: previous.id,
    package_ids: [gold.id],
  });
  const lastYear = { Authorization: guestOfLink(invited.url).authorization };
  await api('post', `/api/sponsorships/${invited.sponsorId}/package`, { package_id: gold.id }, lastYear);
  await api('put', '/api/sponsor-profile/legal', LEGAL, lastYear);
  const state = await api('get', `/api/sponsorships/${invited.sponsorId}/agreement`, undefined, lastYear);
  await api(
    'post',
    `/api/sponsorships/${invited.sponsorId}/agreement/signatures`,
    { document_sha256: state.document_sha256, full_name: 'Erika Mustermann', position: 'Director', consent: true },
    lastYear,
  );

  // The organiser plans the next edition from the settings, +5 % on every price.
  await page.goto(eventAreaPath(previous.id, 'settings'));
  await page.getByRole('button', { name: 'Nächste Ausgabe planen' }).click();
  const plan = page.getByRole('form', { name: 'Nächste Ausgabe planen' });
  await plan.getByLabel('Titel').fill(`${title} II`);
  await plan.getByLabel('Preise ändern um (%)').fill('5');
  await expect(plan.getByText('Bisher 2.500,00 €, neu 2.625,00 €')).toBeVisible();
  await plan.screenshot({ path: testInfo.outputPath('plan-de-1280.png') });
  await quietAccessible(page, 'plan next edition');
  await plan.getByRole('button', { name: 'Nächste Ausgabe anlegen' }).click();

  // The new event's renewals: the sponsor with Gold preselected, offered in one step.
  await expect(page).toHaveURL(/\/edit-event\/\d+\/renewals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verlängerungen' })).toBeVisible();
  const pick = page.getByTestId('renewal-pick').filter({ hasText: 'Harbour Sweets Ltd' });
  await expect(pick.getByRole('checkbox')).toBeChecked();
  await expect(pick.getByRole('combobox')).toHaveValue(/\d+/);
  await expect(pick.getByRole('combobox').locator('option:checked')).toHaveText('Gold');
  await quietAccessible(page, 'renewals before offering');
  await page.getByRole('button', { name: 'Angebot an 1 Sponsor senden' }).click();
  const row = page.getByTestId('renewal-row').filter({ hasText: 'Harbour Sweets Ltd' });
  await expect(row).toContainText('Angeboten');
  await expect(row).toContainText('Paket „Gold“');
  await page.screenshot({ path: testInfo.outputPath('renewals-de-1280.png'), fullPage: true });
  await quietAccessible(page, 'renewals offered');

  // The sponsor, on a phone in English: the offer from the mail, Gold preselected.
  const link = await waitForMailLink(sponsorEmail, /https?:\/\/\S+\/invite-sponsor\/\?\S+/);
  const sponsor = await phone(browser);
  await sponsor.goto(link);
  const offer = sponsor.getByTestId('renewal-offer');
  await expect(offer.getByRole('heading', { name: 'Your renewal offer' })).toBeVisible();
  await expect(offer.getByRole('radio', { name: /Gold · preselected for you/ })).toBeChecked();
  await expect(offer).toContainText('€2,625.00');
  await offer.screenshot({ path: testInfo.outputPath('offer-en-375.png') });
  await quietAccessible(sponsor, 'renewal offer (sponsor)');
  await offer.getByRole('button', { name: 'Accept the offer' }).click();
  await expect(offer).toContainText('You have accepted.');

  // The agreement is prefilled: no details step to fill, the sign button is there at once.
  const card = (await openFlowStep(sponsor, 'sign')).getByTestId('agreement-card');
  await card.getByRole('button', { name: 'Sign the agreement' }).click();
  const dialog = sponsor.getByRole('dialog').filter({ has: sponsor.getByTestId('signature-pad') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Full name').fill('Erika Mustermann');
  await dialog.getByLabel('Position (e.g. managing director)').fill('Director');
  const pad = dialog.getByTestId('signature-pad');
  await drawWithFinger(sponsor, pad);
  expect(await inkedPixels(pad)).toBeGreaterThan(50);
  await dialog.getByRole('checkbox', { name: 'I have read the agreement and sign it.' }).check();
  await dialog.getByRole('button', { name: 'Sign with binding effect' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId('agreement-state')).toHaveText('Signed by the sponsor');
  await sponsor.screenshot({ path: testInfo.outputPath('signed-en-375.png'), fullPage: true });

  // Back at the organiser's renewal view: accepted.
  await page.reload();
  await expect(page.getByTestId('renewal-row').filter({ hasText: 'Harbour Sweets Ltd' })).toContainText('Angenommen');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('renewals-de-375.png'), fullPage: true });
  await quietAccessible(page, 'renewals answered (375 px)');
  // Last year's event is no next edition: its renewals area says how to get one.
  await page.goto(eventAreaPath(previous.id, 'renewals'));
  await expect(page.getByText(/Dieses Event ist keine nächste Ausgabe/)).toBeVisible();
  await sponsor.context().close();
});
