// The world most fulfilment specs start from, made through the API (the specs test what comes after):
// a signed-in, onboarded organiser, an event with its agreement, one package with the deliverables the
// spec needs, and sponsorships invited to it that chose it, returned the signed agreement and were
// confirmed. Also the sponsor's phone: a browser context at 375 px in one language on their link.
import { expect, type Browser, type Page } from '@playwright/test';
import { createEventWithAgreement, type EventBody } from './events.ts';
import { signInOnboardedUser, uniqueEmail, type TestUser } from './session.ts';
import { guestOfLink, signAsGuest } from './sponsorships.ts';

export type Language = 'de' | 'en';

export type Benefit = {
  title: string;
  kind: string;
  due_date: string | null;
  sponsor_delivers: boolean;
  quantity?: number;
};

export type World = {
  organiser: TestUser;
  /** The organiser's Authorization header. */
  auth: { Authorization: string };
  event: { id: number; organisation_id: number; title: string };
  packageId: number;
};

export type Sponsor = {
  email: string;
  sponsorId: number;
  /** The invitation link as a path with its query, to open in a browser. */
  link: string;
  /** `<token>:<email>`, the guest's Authorization header value. */
  authorization: string;
};

export type WorldOptions = {
  language?: Language;
  event?: Partial<EventBody>;
  packageName?: string;
  benefits: Benefit[];
};

/** Signs the organiser in in `page` and makes the event and its package. */
export async function createWorld(page: Page, options: WorldOptions): Promise<World> {
  const organiser = await signInOnboardedUser(page, { language: options.language ?? 'de' });
  const body: EventBody = {
    title: `Sommerfest ${Date.now()}`,
    event_date: '2030-07-04',
    location: 'Stadthalle',
    description: 'Fest.',
    ...options.event,
  };
  const event = await createEventWithAgreement(page, organiser.tokens.accessToken, body);
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  const pkg = await page.request.post(`/api/event/${event.id}/packages`, {
    headers: auth,
    data: { name: options.packageName ?? 'Gold', price_cents: 250_000, capacity: null, benefits: options.benefits },
  });
  expect(pkg.ok(), await pkg.text()).toBe(true);
  const packageId = ((await pkg.json()) as { id: number }).id;
  return { organiser, auth, event: { ...event, title: body.title }, packageId };
}

/** One sponsorship of the world's package: invited, chosen, signed and confirmed. */
export async function confirmedSponsorship(
  page: Page,
  world: World,
  { prefix = 'sponsor', language }: { prefix?: string; language?: Language } = {},
): Promise<Sponsor> {
  const email = uniqueEmail(prefix);
  const invited = await page.request.post('/api/sponsor-invitation', {
    headers: world.auth,
    data: { email, event_id: world.event.id, package_ids: [world.packageId] },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const { url, sponsorId } = (await invited.json()) as { url: string; sponsorId: number };
  const { authorization } = guestOfLink(url);
  const asGuest = { Authorization: authorization };
  const chosen = await page.request.post(`/api/sponsorships/${sponsorId}/package`, {
    headers: asGuest,
    data: { package_id: world.packageId },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  if (language) {
    const told = await page.request.put(`/api/sponsorships/${sponsorId}/sponsor-language`, {
      headers: asGuest,
      data: { language },
    });
    expect(told.ok(), await told.text()).toBe(true);
  }
  await signAsGuest(page.request, authorization, sponsorId);
  const confirmed = await page.request.post(`/api/sponsorships/${sponsorId}/status`, {
    headers: world.auth,
    data: { status: 'confirmed' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const link = new URL(url);
  return { email, sponsorId, link: `${link.pathname}${link.search}`, authorization };
}

/**
 * `count` sponsorships, `parallel` at a time (the server, not the test, is what a large world waits
 * for), in the order of their index; `options(i)` names and languages each.
 */
export async function confirmedSponsorships(
  page: Page,
  world: World,
  count: number,
  options: (i: number) => { prefix?: string; language?: Language } = () => ({}),
  parallel = 4,
): Promise<Sponsor[]> {
  const sponsors: Sponsor[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) sponsors[i] = await confirmedSponsorship(page, world, options(i));
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return sponsors;
}

/** A new browser context at 375 px in `language` with `path` open: a sponsor's or the venue's phone. */
export async function openPhone(browser: Browser, language: Language, path: string): Promise<Page> {
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width: 375, height: 800 },
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** The page scrolls not sideways at its width. */
export async function expectNoSideScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 375;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
