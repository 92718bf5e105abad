// Issue 58, point 3: each party's open screen follows the other party's change, from a second browser
// and without a reload (decision 078). (a) The organiser's sponsorship panel shows the name the
// sponsor just gave their profile; (b) the sponsor's invitation page shows the package the organiser
// just changed. Each page counts the documents it loads after its one `goto`: none may follow.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openSponsorship } from '../support/event-workspace.ts';
import { watchDocumentLoads } from '../support/no-reload.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { openSponsorProfile } from '../support/sponsor-flow.ts';

const TEXT = {
  de: { publicName: 'Öffentlicher Name', saveProfile: 'Profil speichern', profileSaved: 'Profil gespeichert.' },
  en: { publicName: 'Public name', saveProfile: 'Save profile', profileSaved: 'Profile saved.' },
} as const;

/** What a live update may take on a busy machine; far below the 30 s fallback polling. */
const LIVE = { timeout: 10_000 };

const streamOpened = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stream');

const GOLD = {
  name: 'Gold',
  price_cents: 250_000,
  capacity: null,
  benefits: [{ title: 'Vortrag', kind: 'talk', due_date: '2030-06-01', sponsor_delivers: true }],
};

/** An organiser's event with one package, offered to a new sponsor by a guest link. */
async function world(page: Page, language: 'de' | 'en') {
  await page.setViewportSize({ width: 1280, height: 900 });
  const organiser = await signInOnboardedUser(page, { language });
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  const created = await page.request.post('/api/event/-1', {
    headers: auth,
    data: { title: `Zweitlauf ${Date.now()}`, event_date: '2030-07-04', location: 'Stadtpark', description: 'Lauf.' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const eventId = ((await created.json()) as { id: number }).id;
  const pkg = await page.request.post(`/api/event/${eventId}/packages`, { headers: auth, data: GOLD });
  expect(pkg.ok(), await pkg.text()).toBe(true);
  const packageId = ((await pkg.json()) as { id: number }).id;
  const email = uniqueEmail('second');
  const invited = await page.request.post('/api/sponsor-invitation', {
    headers: auth,
    data: { email, event_id: eventId, package_ids: [packageId] },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const link = new URL(((await invited.json()) as { url: string }).url);
  return { auth, eventId, packageId, email, link, guestAuth: `${link.searchParams.get('token')}:${email}` };
}

/** The sponsor's invitation page in a browser of its own (a phone), once its live stream is open. */
async function sponsorPage(browser: Browser, language: 'de' | 'en', link: URL): Promise<Page> {
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width: 375, height: 800 },
    hasTouch: true,
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  const live = streamOpened(page);
  await page.goto(`${link.pathname}${link.search}`);
  await live;
  return page;
}

for (const language of ['de', 'en'] as const) {
  test(`the organiser's open panel shows the sponsor's new public name (${language})`, async ({ browser, page }) => {
    test.setTimeout(60_000);
    const text = TEXT[language];
    const { eventId, email, link, guestAuth } = await world(page, language);
    const named = await page.request.put('/api/sponsor-profile', {
      headers: { Authorization: guestAuth },
      data: { public_name: 'Brauerei Alt' },
    });
    expect(named.ok(), await named.text()).toBe(true);

    const organiserLive = streamOpened(page);
    const panel = await openSponsorship(page, eventId, email);
    await organiserLive;
    const organiserLoads = watchDocumentLoads(page);
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Brauerei Alt' })).toBeVisible();

    const sponsor = await sponsorPage(browser, language, link);
    const sponsorLoads = watchDocumentLoads(sponsor);
    const profile = await openSponsorProfile(sponsor);
    await profile.getByLabel(text.publicName).fill('Brauerei Neu');
    await profile.getByRole('button', { name: text.saveProfile }).click();
    await expect(sponsor.getByText(text.profileSaved)).toBeVisible();

    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Brauerei Neu' })).toBeVisible(LIVE);
    await expect(panel).toContainText('Brauerei Neu');
    await expect(panel).not.toContainText('Brauerei Alt');
    // The sponsors' list behind the panel names them anew too.
    await expect(page.getByTestId('sponsor-row').filter({ hasText: email })).toContainText('Brauerei Neu');
    expect(organiserLoads.loads(), 'the organiser loaded no document again').toBe(0);
    expect(sponsorLoads.loads(), 'the sponsor loaded no document again').toBe(0);
    await page.screenshot({ path: test.info().outputPath(`panel-name-${language}-1280.png`) });
    await sponsor.context().close();
  });

  test(`the sponsor's open page shows the package the organiser changed (${language})`, async ({ browser, page }) => {
    test.setTimeout(60_000);
    const { auth, packageId, link } = await world(page, language);

    const sponsor = await sponsorPage(browser, language, link);
    const sponsorLoads = watchDocumentLoads(sponsor);
    const offered = sponsor.getByTestId('offered-package');
    await expect(offered).toHaveCount(1);
    await expect(offered).toContainText('Gold');
    await expect(offered).toContainText(/2[.,]500/);

    // The organiser changes the package elsewhere (its name and price).
    const changed = await page.request.put(`/api/packages/${packageId}`, {
      headers: auth,
      data: { ...GOLD, name: 'Platin', price_cents: 390_000 },
    });
    expect(changed.ok(), await changed.text()).toBe(true);

    await expect(offered).toContainText('Platin', LIVE);
    await expect(offered).toContainText(/3[.,]900/, LIVE);
    await expect(offered).not.toContainText('Gold');
    expect(sponsorLoads.loads(), 'the sponsor loaded no document again').toBe(0);
    await sponsor.screenshot({ path: test.info().outputPath(`offer-live-${language}-375.png`), fullPage: true });
    await sponsor.context().close();
  });
}
