// Sponsor profiles and the public sponsor wall (issue 18, points 4 and 5) against the production
// build. A guest sponsor opens the invitation link at 375 px, enters the public profile, uploads a
// logo and agrees to be shown; a second sponsor does the same through the API; both are confirmed;
// the organiser switches the wall on in the event's "Sponsorenwand" card; the public page (no
// sign-in) shows both, the larger package larger, in German and English at 1280 and 375 px, and the
// embed page is bare. Issue 58: a wall that is off is a 404 page, public pages have no app navigation.
// Screenshots go to E2E_SHOTS (default test-results/sponsor-wall).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { openEventArea } from '../support/event-workspace.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { makePdf } from '../support/pdf.ts';
import { makePng } from '../support/png.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { openSponsorProfile } from '../support/sponsor-flow.ts';

const SHOTS = process.env.E2E_SHOTS ?? path.join('test-results', 'sponsor-wall');

const TEXT = {
  de: {
    heading: 'Unsere Sponsoren',
    other: 'Weitere Sponsoren',
    description: 'Frische Brötchen für alle Läufer',
    privacy: 'keine Cookies gesetzt',
  },
  en: {
    heading: 'Our sponsors',
    other: 'More sponsors',
    description: 'Fresh rolls for every runner',
    privacy: 'No cookies are set',
  },
} as const;

type Guest = { token: string; email: string; sponsorshipId: number; link: string };

async function invite(page: Page, auth: Record<string, string>, eventId: number, packageId: number): Promise<Guest> {
  const email = uniqueEmail('wall');
  const res = await page.request.post('/api/sponsor-invitation', {
    headers: auth,
    data: { email, event_id: eventId, package_ids: [packageId] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { url: string; sponsorId: number };
  return { email, token: new URL(body.url).searchParams.get('token')!, sponsorshipId: body.sponsorId, link: body.url };
}

/** The sponsor signs the agreement (through their link) and the organiser confirms it. */
async function signAndConfirm(request: APIRequestContext, auth: Record<string, string>, guest: Guest) {
  const asGuest = { Authorization: `${guest.token}:${guest.email}` };
  const upload = (await (
    await request.post(`/api/sponsorships/${guest.sponsorshipId}/signed-agreement/upload-url`, {
      headers: asGuest,
      data: { file_name: 'unterschrieben.pdf' },
    })
  ).json()) as { url: string; key: string; s3_id: string };
  expect(
    (await request.put(upload.url, { headers: { 'Content-Type': 'application/pdf' }, data: makePdf('ok') })).ok(),
  ).toBe(true);
  const attached = await request.put(`/api/sponsorships/${guest.sponsorshipId}/signed-agreement`, {
    headers: asGuest,
    data: { s3_id: upload.s3_id, key: upload.key },
  });
  expect(attached.ok(), await attached.text()).toBe(true);
  const confirmed = await request.post(`/api/sponsorships/${guest.sponsorshipId}/status`, {
    headers: auth,
    data: { status: 'confirmed' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

/** A visitor's browser as it names itself (a headless browser's own name is left out of the wall's figures). */
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

async function visitor(browser: Browser, language: 'de' | 'en', width: number) {
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width, height: 900 },
    userAgent: DESKTOP_CHROME,
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  return context.newPage();
}

/** No sideways scrolling once the toasts are gone (the toaster's own list is wider than 375 px). */
async function expectNoOverflow(page: Page, width: number) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('sponsors deliver their logo through the link and the public wall shows them by package', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  const title = `Stadtlauf ${Date.now()}`;
  const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
    title,
    event_date: '2030-06-14',
    location: 'Stadtpark',
    description: 'Lauf.',
  });
  const pkg = async (name: string, price: number) => {
    const res = await page.request.post(`/api/event/${event.id}/packages`, {
      headers: auth,
      data: { name, description: '', price_cents: price, capacity: null, benefits: [] },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const gold = await pkg('Gold', 500_000);
  const silver = await pkg('Silber', 100_000);
  const sponsorA = await invite(page, auth, event.id, gold);
  const sponsorB = await invite(page, auth, event.id, silver);

  // Sponsor A, on a phone, with the invitation link only (in English: in German the sponsorship's
  // "Unterschriebene PDF auswählen" button of the next steps is wider than 375 px, not part of this).
  const guest = await visitor(browser, 'en', 375);
  await guest.goto(sponsorA.link);
  await guest
    .getByTestId('offered-package')
    .filter({ hasText: 'Gold' })
    .getByRole('button', { name: 'Choose this package' })
    .click();
  const section = await openSponsorProfile(guest);
  await section.scrollIntoViewIfNeeded();
  await section.getByLabel('Public name').fill('Bäckerei Korn');
  await section.getByLabel('Website').fill('https://baeckerei-korn.example');
  await section.getByLabel('Short description (German)').fill(TEXT.de.description);
  await section.getByLabel('Short description (English)').fill(TEXT.en.description);
  await section.getByRole('button', { name: 'Save profile' }).click();
  await expect(guest.getByText('Profile saved.')).toBeVisible();

  await section.getByTestId('logo-input').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(section.getByRole('alert')).toContainText('SVG files are not accepted');
  await section.getByTestId('logo-input').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: makePng(600, 300, [200, 120, 20]),
  });
  const preview = section.getByRole('img', { name: 'Your logo' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  await section.getByRole('checkbox', { name: /show on the sponsor wall/ }).check();
  await expect(section.getByRole('checkbox', { name: /show on the sponsor wall/ })).toBeChecked();
  await expectNoOverflow(guest, 375);
  await section.screenshot({ path: path.join(SHOTS, 'profile-guest-en-375.png') });
  await guest.context().close();

  // Sponsor B through the API with their link.
  const asB = { Authorization: `${sponsorB.token}:${sponsorB.email}` };
  expect(
    (
      await page.request.post(`/api/sponsorships/${sponsorB.sponsorshipId}/package`, {
        headers: asB,
        data: { package_id: silver },
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await page.request.put('/api/sponsor-profile', {
        headers: asB,
        data: {
          public_name: 'Velo Weber',
          description_de: 'Fahrräder',
          description_en: 'Bicycles',
          website: 'https://velo.example',
        },
      })
    ).ok(),
  ).toBe(true);
  const logoB = await page.request.put('/api/sponsor-profile/logo', {
    headers: { ...asB, 'Content-Type': 'application/octet-stream' },
    data: makePng(300, 300, [20, 90, 200]),
  });
  expect(logoB.ok(), await logoB.text()).toBe(true);
  await page.request.put(`/api/sponsorships/${sponsorB.sponsorshipId}/wall-consent`, {
    headers: asB,
    data: { show_on_wall: true },
  });
  await signAndConfirm(page.request, auth, sponsorA);
  await signAndConfirm(page.request, auth, sponsorB);

  // The public page does not exist until the organiser switches the wall on.
  expect((await page.request.get(`/api/public/events/${event.id}/sponsors`)).status()).toBe(404);
  await openEventArea(page, event.id, 'wall');
  const card = page.getByTestId('sponsor-wall-card');
  await card.scrollIntoViewIfNeeded();
  await expect(card).toContainText('Sponsorenwand');
  await expect(card.getByTestId('sponsor-wall-count')).toContainText('2');
  await card.getByRole('switch', { name: /Öffentliche Sponsorenwand/ }).check();
  await expect(card.getByTestId('sponsor-wall-embed')).toHaveValue(new RegExp(`/sponsors/${event.id}/embed\\?lang=de`));
  await expect(card.getByTestId('sponsor-wall-feed')).toHaveValue(
    new RegExp(`/api/public/events/${event.id}/sponsors$`),
  );
  await card.screenshot({ path: path.join(SHOTS, 'organiser-card-de-1280.png') });

  for (const { language, width } of [
    { language: 'de', width: 1280 },
    { language: 'de', width: 375 },
    { language: 'en', width: 1280 },
    { language: 'en', width: 375 },
  ] as const) {
    const visit = await visitor(browser, language, width);
    await visit.goto(`/sponsors/${event.id}`);
    await expect(visit.getByRole('heading', { level: 1 })).toContainText(`${TEXT[language].heading}: ${title}`);
    const groups = visit.getByTestId('wall-group');
    await expect(groups).toHaveCount(2);
    await expect(groups.nth(0)).toContainText('Gold');
    await expect(groups.nth(0)).toContainText('Bäckerei Korn');
    await expect(groups.nth(0)).toContainText(TEXT[language].description);
    await expect(groups.nth(1)).toContainText('Velo Weber');
    const logos = visit.locator('[data-testid="wall-sponsor"] img');
    await expect(logos).toHaveCount(2);
    for (const logo of await logos.all()) {
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    const [large, medium] = await Promise.all([
      logos.nth(0).evaluate((img) => img.getBoundingClientRect().height),
      logos.nth(1).evaluate((img) => img.getBoundingClientRect().height),
    ]);
    expect(large).toBeGreaterThan(medium);
    // The link leads through the anonymous click count (decision 102) to the website.
    const korn = groups.nth(0).getByRole('link');
    await expect(korn).toHaveAttribute(
      'href',
      new RegExp(`/api/public/events/${event.id}/wall-click/\\d+\\?placement=page$`),
    );
    if (language === 'de' && width === 1280) {
      const counted = visit.context().waitForEvent('response', (r) => r.url().includes('/wall-click/'));
      const [popup] = await Promise.all([visit.waitForEvent('popup'), korn.click()]);
      const answer = await counted;
      expect(answer.status()).toBe(302);
      expect(answer.headers().location).toBe('https://baeckerei-korn.example');
      await popup.close();
    }
    await expect(visit.getByTestId('wall-privacy')).toContainText(TEXT[language].privacy);
    const text = await visit.locator('body').innerText();
    expect(text).not.toContain(sponsorA.email);
    expect(text).not.toContain('5.000');
    await expectNoOverflow(visit, width);
    await visit.screenshot({ path: path.join(SHOTS, `wall-${language}-${width}.png`), fullPage: true });
    await visit.context().close();
  }

  // The embed: the wall alone, without the app's header and footer.
  const embed = await visitor(browser, 'en', 375);
  await embed.goto(`/sponsors/${event.id}/embed?lang=en`);
  await expect(embed.getByTestId('wall-group')).toHaveCount(2);
  await expect(embed.getByRole('banner')).toHaveCount(0);
  await expect(embed.getByRole('contentinfo')).toHaveCount(0);
  for (const logo of await embed.locator('[data-testid="wall-sponsor"] img').all()) {
    await logo.scrollIntoViewIfNeeded();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await embed.screenshot({ path: path.join(SHOTS, 'embed-en-375.png'), fullPage: true });
  // Counted without a cookie: none was set by the wall, its embed or the click.
  expect(await embed.context().cookies()).toEqual([]);
  await embed.context().close();

  // The figures: four page views and one embed view of both logos, one click on Bäckerei Korn.
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/event/${event.id}/sponsor-wall/stats`, { headers: auth })).json()) as {
            totals: { impressions: number; clicks: number };
          }
        ).totals,
      { timeout: 20_000 },
    )
    .toEqual({ impressions: 10, clicks: 1 });
  await page.reload();
  const figures = page.getByTestId('wall-stats-card');
  await figures.scrollIntoViewIfNeeded();
  const korn = figures.getByRole('row', { name: /Bäckerei Korn/ });
  await expect(korn).toContainText('Seite: 4 · Einbettung: 1');
  await expect(korn).toContainText('20 %');
  await expectAccessible(page, 'wall figures (de)');
  await figures.screenshot({ path: path.join(SHOTS, 'wall-figures-de-1280.png') });

  // Sponsor A sees their own figures from their link, on a phone.
  const own = await visitor(browser, 'en', 375);
  await own.goto(sponsorA.link);
  const profile = await openSponsorProfile(own);
  await expect(profile.getByTestId(`own-wall-figures-${sponsorA.sponsorshipId}`)).toContainText(
    'shown 5, clicks 1, click rate 20%',
  );
  await expectNoOverflow(own, 375);
  await own.context().close();
});

test('a sponsor with an account keeps the same profile on the sponsor dashboard (de, 1280 px)', async ({
  browser,
  page,
}) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
    title: `Sommerfest ${Date.now()}`,
    event_date: '2030-07-04',
    location: 'Stadtpark',
    description: 'Fest.',
  });
  const sponsorPage = await visitor(browser, 'de', 1280);
  const sponsor = await signInOnboardedUser(sponsorPage, { role: 'sponsor', language: 'de' });
  const invited = await page.request.post('/api/sponsor-invitation', {
    headers: auth,
    data: { email: sponsor.email, event_id: event.id },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  await sponsorPage.goto('/dashboard-sponsor');
  const section = await openSponsorProfile(sponsorPage);
  await expect(section.getByRole('heading', { name: 'Ihr Sponsorenprofil' })).toBeVisible();
  await section.getByLabel('Öffentlicher Name').fill('Konto GmbH');
  await section.getByLabel('Website').fill('konto.example');
  await section.getByRole('button', { name: 'Profil speichern' }).click();
  await expect(section.getByText('Bitte geben Sie eine Adresse mit https:// oder http:// ein.')).toBeVisible();
  await section.getByLabel('Website').fill('https://konto.example');
  await section.getByRole('button', { name: 'Profil speichern' }).click();
  await expect(sponsorPage.getByText('Profil gespeichert.')).toBeVisible();
  await section.getByTestId('logo-input').setInputFiles({
    name: 'konto.jpg.png',
    mimeType: 'image/png',
    buffer: makePng(800, 200, [30, 140, 60]),
  });
  await expect(section.getByRole('img', { name: 'Ihr Logo' })).toBeVisible();
  await section.getByRole('checkbox', { name: /auf der Sponsorenwand zeigen/ }).check();
  await expect(section.getByRole('checkbox', { name: /auf der Sponsorenwand zeigen/ })).toBeChecked();
  await section.screenshot({ path: path.join(SHOTS, 'profile-account-de-1280.png') });

  // The same address's profile, read through the API as the account: one profile per address.
  const mine = await sponsorPage.request.get('/api/sponsor-profile', {
    headers: { Authorization: `Bearer ${sponsor.tokens.accessToken}` },
  });
  expect(((await mine.json()) as { profile: { public_name: string } }).profile.public_name).toBe('Konto GmbH');
  await sponsorPage.context().close();
});

// Issue 58, point 6: the front door. A wall that is off is a 404, as the page's HTML and as its
// state; once on, a sponsor without logo is named once and the signed-out visitor sees no app
// navigation; switched off again it is gone. The other public pages show no app navigation either.
test('a wall that is off is a 404 page, and a sponsor without logo is named once on the wall', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
    title: `Dorffest ${Date.now()}`,
    event_date: '2030-08-01',
    location: 'Anger',
    description: 'Fest.',
  });
  const created = await page.request.post(`/api/event/${event.id}/packages`, {
    headers: auth,
    data: { name: 'Partner', description: '', price_cents: 20_000, capacity: null, benefits: [] },
  });
  const packageId = ((await created.json()) as { id: number }).id;
  const guest = await invite(page, auth, event.id, packageId);
  const asGuest = { Authorization: `${guest.token}:${guest.email}` };
  expect(
    (
      await page.request.post(`/api/sponsorships/${guest.sponsorshipId}/package`, {
        headers: asGuest,
        data: { package_id: packageId },
      })
    ).ok(),
  ).toBe(true);
  const profile = await page.request.put('/api/sponsor-profile', {
    headers: asGuest,
    data: { public_name: 'Ohne Logo e.V.', description_de: '', description_en: '', website: null },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  await page.request.put(`/api/sponsorships/${guest.sponsorshipId}/wall-consent`, {
    headers: asGuest,
    data: { show_on_wall: true },
  });
  await signAndConfirm(page.request, auth, guest);
  const setWall = async (enabled: boolean) =>
    expect(
      (await page.request.put(`/api/event/${event.id}/sponsor-wall`, { headers: auth, data: { enabled } })).ok(),
    ).toBe(true);

  const expectGone = async (visit: Page, language: 'de' | 'en') => {
    const response = await visit.goto(`/sponsors/${event.id}`);
    expect(response?.status()).toBe(404);
    await expect(visit.getByRole('heading', { level: 1 })).toHaveText(
      language === 'de' ? 'Keine Sponsorenwand' : 'No sponsor wall',
    );
    await expect(visit.getByTestId('wall-group')).toHaveCount(0);
    expect((await visit.request.get(`/api/public/events/${event.id}/sponsors`)).status()).toBe(404);
    const embed = await visit.request.get(`/sponsors/${event.id}/embed?lang=${language}`, {
      headers: { accept: 'text/html' },
    });
    expect(embed.status()).toBe(404);
  };

  const visit = await visitor(browser, 'de', 1280);
  await expectGone(visit, 'de');
  await expectAccessible(visit, 'wall off (de)');

  await setWall(true);
  for (const { language, width } of [
    { language: 'de', width: 1280 },
    { language: 'en', width: 375 },
  ] as const) {
    const reader = await visitor(browser, language, width);
    const response = await reader.goto(`/sponsors/${event.id}`);
    expect(response?.status()).toBe(200);
    const tile = reader.getByTestId('wall-sponsor');
    await expect(tile).toHaveCount(1);
    await expect(tile).toHaveText('Ohne Logo e.V.');
    expect(await tile.innerText()).toBe('Ohne Logo e.V.');
    // Signed out: the product's name, the language and the sign-in, not the app's navigation.
    const banner = reader.getByRole('banner');
    await expect(banner.getByRole('navigation')).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: /Nachrichten|Messages/ })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login/');
    await expect(banner.getByRole('radio', { name: language === 'de' ? 'Deutsch' : 'English' })).toBeChecked();
    await expectAccessible(reader, `wall on (${language}, ${width} px)`);
    await expectNoOverflow(reader, width);
    await reader.screenshot({ path: path.join(SHOTS, `wall-no-logo-${language}-${width}.png`), fullPage: true });
    await reader.context().close();
  }

  await setWall(false);
  await expectGone(visit, 'de');
  await visit.screenshot({ path: path.join(SHOTS, 'wall-off-de-1280.png') });
  await visit.context().close();
});

test('the public pages show a signed-out visitor no app navigation, a signed-in user keeps it', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const { language, width } of [
    { language: 'de', width: 1280 },
    { language: 'de', width: 375 },
    { language: 'en', width: 1280 },
    { language: 'en', width: 375 },
  ] as const) {
    const visit = await visitor(browser, language, width);
    const pages = ['/', '/about', '/impressum/', '/privacy-notice/', '/agb', '/verify-agreement/'];
    // The ways in as well (once per language: their layout is their own specs' business).
    const entrances = [
      '/login/',
      '/register/',
      '/invite/',
      '/forget-password/',
      '/reset-password/a%40b.de',
      '/verify/a%40b.de',
    ];
    for (const url of width === 1280 ? [...pages, ...entrances] : pages) {
      await visit.goto(url);
      await expect(visit.locator('main h1').first()).toBeVisible();
      const banner = visit.getByRole('banner');
      // Every public page offers the way in, but the login page itself (issue 58).
      if (url === '/login/') await expect(banner.getByRole('link', { name: 'Login' })).toHaveCount(0);
      else await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
      await expect(banner.getByRole('navigation')).toHaveCount(0);
      await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
      await expect(banner.getByRole('button')).toHaveCount(0);
      if (pages.includes(url)) await expectAccessible(visit, `${url} signed out (${language}, ${width} px)`);
      if (url === '/' || url === '/about') {
        expect(await visit.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // The pictures load as they scroll into view; a full-page picture wants them all, decoded.
        await visit.evaluate(() =>
          Promise.all(
            [...document.images].map((img) => {
              img.loading = 'eager';
              return img.decode();
            }),
          ),
        );
        const name = url === '/' ? 'landing' : 'about';
        await visit.screenshot({ path: path.join(SHOTS, `${name}-${language}-${width}.png`), fullPage: true });
      }
    }
    // The landing page says what the product does now, with pictures of the real screens in its language.
    await visit.goto('/');
    const figures = visit.getByTestId('screen-figure');
    await expect(figures).toHaveCount(6);
    for (const image of await figures.locator('img').all()) {
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveAttribute('src', new RegExp(`-${language}-[^/]*\\.webp$`));
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    await expect(visit.getByTestId('landing-chain').getByRole('listitem')).toHaveCount(7);
    await expect(visit.locator('main')).toContainText('XRechnung');
    await expect(visit.locator('main')).toContainText(language === 'de' ? 'Sponsorenwand' : 'sponsor wall');
    // The language chosen in the public header is the page's language.
    const other = language === 'de' ? 'English' : 'Deutsch';
    await visit.getByRole('banner').locator('label', { hasText: other }).click();
    await expect(visit.getByRole('banner').getByRole('radio', { name: other })).toBeChecked();
    await expect(visit.locator('html')).toHaveAttribute('lang', language === 'de' ? 'en' : 'de');
    await visit.context().close();
  }

  await signInOnboardedUser(page, { language: 'de' });
  await page.goto('/about');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first()).toBeAttached();
  await expect(page.getByTestId('public-header')).toHaveCount(0);
});
