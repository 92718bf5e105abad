// The landing and about pages' pictures of the real screens (issue 58, point 6; decision 073), made by
// `npm run screenshots` against the production build: one world per language (an organiser with an
// event, packages with benefits, sponsors in several states, an issued invoice and the wall on), then
// each screen in a browser, encoded as WebP by Chromium itself (no image library) into
// apps/web/src/assets/screenshots/. Not part of the e2e suite: the pictures are committed and a unit
// test checks them against scripts/screenshots.lock.json (apps/web/src/features/marketing).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { openEventArea } from '../support/event-workspace.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { issuedInvoiceOf, saveBillingSettings } from '../support/invoices.ts';
import { signAsGuest } from '../support/sponsorships.ts';
import { signInOnboardedUser, storeSession, uniqueEmail, type TestUser } from '../support/session.ts';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/assets/screenshots');
/** Desktop screens are taken at 1280 × 800 and stored at this share of it (960 × 600). */
const DESKTOP_SCALE = 0.75;
const QUALITY = 0.72;

type Language = 'de' | 'en';

const WORLD = {
  de: {
    event: 'Stadtlauf Musterstadt 2030',
    location: 'Stadtpark',
    description: '10 km durch den Stadtpark, 3.000 Läuferinnen und Läufer.',
    packages: [
      { name: 'Gold', price: 500_000, benefits: ['Logo auf dem Startbogen', 'Stand im Zielbereich', 'Vortrag'] },
      { name: 'Silber', price: 250_000, benefits: ['Logo auf dem Shirt', 'Zehn Startplätze'] },
      { name: 'Bronze', price: 100_000, benefits: ['Logo auf der Website'] },
    ],
    sponsors: ['Bäckerei Korn GmbH', 'Velo Weber KG', 'Stadtwerke Musterstadt', 'Buchhandlung Seitenweise'],
    logo: 'Korn',
  },
  en: {
    event: 'City Run Sampletown 2030',
    location: 'City park',
    description: '10 km through the city park, 3,000 runners.',
    packages: [
      { name: 'Gold', price: 500_000, benefits: ['Logo on the start arch', 'Stand at the finish', 'Talk'] },
      { name: 'Silver', price: 250_000, benefits: ['Logo on the shirt', 'Ten starting places'] },
      { name: 'Bronze', price: 100_000, benefits: ['Logo on the website'] },
    ],
    sponsors: ['Korn Bakery Ltd', 'Velo Weber KG', 'Sampletown Utilities', 'Pageturner Books'],
    logo: 'Korn',
  },
} as const;

const KINDS = ['logo', 'booth', 'talk'] as const;

/** A PNG logo drawn by the browser: a coloured badge with the name in white. */
async function drawLogo(page: Page, text: string): Promise<Buffer> {
  const base64 = await page.evaluate((label) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 200;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#b45309';
    g.beginPath();
    g.roundRect(0, 0, 480, 200, 36);
    g.fill();
    g.fillStyle = '#ffffff';
    g.font = 'bold 96px sans-serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(label, 240, 104);
    return canvas.toDataURL('image/png').split(',')[1]!;
  }, text);
  return Buffer.from(base64, 'base64');
}

/** PNG in, WebP out, scaled by `scale`, encoded by Chromium's canvas on a blank page (no CSP there). */
async function toWebp(converter: Page, png: Buffer, scale: number): Promise<Buffer> {
  const base64 = await converter.evaluate(
    async ({ data, factor, quality }) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(bitmap.width * factor);
      canvas.height = Math.round(bitmap.height * factor);
      const g = canvas.getContext('2d')!;
      g.imageSmoothingQuality = 'high';
      g.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/webp', quality).split(',')[1]!;
    },
    { data: png.toString('base64'), factor: scale, quality: QUALITY },
  );
  return Buffer.from(base64, 'base64');
}

async function newContext(browser: Browser, language: Language, width: number, height: number) {
  return browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width, height },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
}

/** Takes the page's viewport once toasts are gone and the fonts are in, and stores it as `name-language.webp`. */
async function shoot(page: Page, converter: Page, name: string, language: Language, scale: number) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready);
  await expect(page.getByRole('status').filter({ hasText: /…|\.\.\./ })).toHaveCount(0);
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  fs.writeFileSync(path.join(OUT, `${name}-${language}.webp`), await toWebp(converter, png, scale));
}

type Sponsor = { email: string; token: string; id: number; auth: string };

async function makeWorld(page: Page, language: Language) {
  const world = WORLD[language];
  const organiser = await signInOnboardedUser(page, { language });
  const token = organiser.tokens.accessToken;
  const auth = { Authorization: `Bearer ${token}` };
  const event = await createEventWithAgreement(page, token, {
    title: world.event,
    event_date: '2030-06-14',
    location: world.location,
    description: world.description,
  });
  await saveBillingSettings(page, token, event.organisation_id);
  const packageIds: number[] = [];
  for (const pkg of world.packages) {
    const res = await page.request.post(`/api/event/${event.id}/packages`, {
      headers: auth,
      data: {
        name: pkg.name,
        description: '',
        price_cents: pkg.price,
        capacity: pkg.name === 'Gold' ? 2 : null,
        benefits: pkg.benefits.map((title, index) => ({
          title,
          kind: KINDS[index] ?? 'custom',
          due_date: index === 0 ? '2030-05-01' : null,
          sponsor_delivers: index === 0,
        })),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    packageIds.push(((await res.json()) as { id: number }).id);
  }

  const invite = async (offered: number[]): Promise<Sponsor & { link: string }> => {
    const email = uniqueEmail('kontakt');
    const res = await page.request.post('/api/sponsor-invitation', {
      headers: auth,
      data: { email, event_id: event.id, package_ids: offered },
    });
    expect(res.status(), await res.text()).toBe(201);
    const body = (await res.json()) as { url: string; sponsorId: number };
    const guestToken = new URL(body.url).searchParams.get('token')!;
    return { email, token: guestToken, id: body.sponsorId, auth: `${guestToken}:${email}`, link: body.url };
  };
  const choose = async (sponsor: Sponsor, packageId: number) => {
    const res = await page.request.post(`/api/sponsorships/${sponsor.id}/package`, {
      headers: { Authorization: sponsor.auth },
      data: { package_id: packageId },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
  const details = async (sponsor: Sponsor, name: string, logo: Buffer | null) => {
    const headers = { Authorization: sponsor.auth };
    const legal = await page.request.put('/api/sponsor-profile/legal', {
      headers,
      data: {
        legal_name: name,
        street: 'Hauptstraße',
        house_number: '5',
        postal_code: '10115',
        city: 'Berlin',
        country: 'DE',
        vat_id: 'DE123456789',
        billing_email: sponsor.email,
        language,
      },
    });
    expect(legal.ok(), await legal.text()).toBe(true);
    const profile = await page.request.put('/api/sponsor-profile', {
      headers,
      data: { public_name: name, description_de: '', description_en: '', website: null },
    });
    expect(profile.ok(), await profile.text()).toBe(true);
    if (logo) {
      const uploaded = await page.request.put('/api/sponsor-profile/logo', {
        headers: { ...headers, 'Content-Type': 'application/octet-stream' },
        data: logo,
      });
      expect(uploaded.ok(), await uploaded.text()).toBe(true);
    }
    const consent = await page.request.put(`/api/sponsorships/${sponsor.id}/wall-consent`, {
      headers,
      data: { show_on_wall: true },
    });
    expect(consent.ok(), await consent.text()).toBe(true);
  };
  const confirm = async (sponsor: Sponsor) => {
    const res = await page.request.post(`/api/sponsorships/${sponsor.id}/status`, {
      headers: auth,
      data: { status: 'confirmed' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };

  const [gold, silver, bronze] = packageIds as [number, number, number];
  // Confirmed, invoiced and on the wall with a logo.
  const first = await invite([gold]);
  await choose(first, gold);
  await details(first, world.sponsors[0], await drawLogo(page, world.logo));
  await signAsGuest(page.request, first.auth, first.id);
  await issuedInvoiceOf(page, token, first.id);
  // Confirmed, on the wall without a logo (named once).
  const second = await invite([silver]);
  await choose(second, silver);
  await details(second, world.sponsors[1], null);
  await signAsGuest(page.request, second.auth, second.id);
  await confirm(second);
  // Signed, waiting for the countersignature.
  const third = await invite([gold, silver]);
  await choose(third, silver);
  await details(third, world.sponsors[2], null);
  await signAsGuest(page.request, third.auth, third.id);
  // Invited, not yet chosen: the one whose phone is shown.
  const fourth = await invite([gold, silver, bronze]);
  const wall = await page.request.put(`/api/event/${event.id}/sponsor-wall`, {
    headers: auth,
    data: { enabled: true },
  });
  expect(wall.ok(), await wall.text()).toBe(true);
  return { organiser, eventId: event.id, phoneLink: fourth.link };
}

/** Opens an area of the event and waits for the header's own links (loaded after the page). */
async function openArea(page: Page, eventId: number, area: Parameters<typeof openEventArea>[2]) {
  await openEventArea(page, eventId, area);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
}

async function organiserScreens(
  browser: Browser,
  converter: Page,
  organiser: TestUser,
  eventId: number,
  language: Language,
) {
  const context = await newContext(browser, language, 1280, 800);
  const page = await context.newPage();
  await storeSession(page, organiser, { language });
  await openArea(page, eventId, 'packages');
  await expect(page.getByText(WORLD[language].packages[1].name, { exact: true }).first()).toBeVisible();
  await shoot(page, converter, 'packages', language, DESKTOP_SCALE);

  await openArea(page, eventId, 'sponsors');
  await expect(page.getByTestId('sponsor-row')).toHaveCount(4);
  await shoot(page, converter, 'sponsors', language, DESKTOP_SCALE);

  await openArea(page, eventId, 'fulfilment');
  await expect(page.getByText(WORLD[language].packages[0].benefits[0]).first()).toBeVisible();
  await shoot(page, converter, 'fulfilment', language, DESKTOP_SCALE);

  await openArea(page, eventId, 'invoices');
  await expect(page.getByText(/RE-\d{4}-0001/).first()).toBeVisible();
  await shoot(page, converter, 'invoices', language, DESKTOP_SCALE);
  await context.close();
}

async function publicScreens(
  browser: Browser,
  converter: Page,
  eventId: number,
  phoneLink: string,
  language: Language,
) {
  const phone: BrowserContext = await newContext(browser, language, 375, 740);
  await phone.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const guest = await phone.newPage();
  await guest.goto(phoneLink);
  await expect(guest.getByText(WORLD[language].packages[2].name, { exact: true }).first()).toBeVisible();
  await shoot(guest, converter, 'sponsor-phone', language, 1);
  await phone.close();

  const visitor = await newContext(browser, language, 1280, 800);
  await visitor.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const wall = await visitor.newPage();
  await wall.goto(`/sponsors/${eventId}`);
  await expect(wall.getByTestId('wall-sponsor')).toHaveCount(2);
  const logo = wall.locator('[data-testid="wall-sponsor"] img');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shoot(wall, converter, 'wall', language, DESKTOP_SCALE);
  await visitor.close();
}

for (const language of ['de', 'en'] as const) {
  test(`the front door's screens (${language})`, async ({ browser, page }) => {
    test.setTimeout(180_000);
    fs.mkdirSync(OUT, { recursive: true });
    const { organiser, eventId, phoneLink } = await makeWorld(page, language);
    const converterContext = await browser.newContext();
    const converter = await converterContext.newPage();
    await organiserScreens(browser, converter, organiser, eventId, language);
    await publicScreens(browser, converter, eventId, phoneLink, language);
    await converterContext.close();
  });
}
