// Every route of the web app under axe (issue 58 point 7): each route of apps/web/src/routeTree.gen.ts,
// for each role that reaches it (signed out, guest sponsor with the invitation link, organiser, sponsor
// with an account), in German and English, at 1280 and 375 px, without a serious or critical finding.
// The route list is read from the generated tree, so a new route fails the first test until it is
// visited here or excluded with a reason. One world made once through the API (an event with a package,
// a confirmed sponsorship with an issued invoice, a message, the wall switched on); each role signs in
// once and keeps its page, the language and the width change in place.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as base, type Browser, type Locator, type Page } from '@playwright/test';
import { expectAccessibleInPlace, seriousFindingsInPlace } from '../support/axe.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { issuedInvoiceOf, saveBillingSettings, signedSponsorshipWithBuyer } from '../support/invoices.ts';
import { completeOnboarding, createUser, storeSession, type TestUser } from '../support/session.ts';
import { guestOfLink } from '../support/sponsorships.ts';

const ROUTE_TREE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/routeTree.gen.ts');

/** The tree's full paths, as TanStack Router generated them (`fullPaths: | '/' | '/about' …`). */
function routesOfTree(): string[] {
  const source = fs.readFileSync(ROUTE_TREE, 'utf8');
  const union = /fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/.exec(source)?.[1] ?? '';
  return [...union.matchAll(/'([^']*)'/g)].map((match) => match[1]!);
}

type World = {
  organiser: TestUser;
  sponsor: TestUser;
  eventId: number;
  eventTitle: string;
  guestLink: string;
  guestConversationId: number;
  organiserConversationId: number;
  /** The event's venue link (decision 082), with one parcel announced by the guest. */
  venueToken: string;
};

type Role = 'signed out' | 'guest' | 'organiser' | 'sponsor';
type Visit = {
  /** The route's full path in the tree. */
  route: string;
  path: (world: World) => string;
  /** What shows that the screen has its content (default: the main heading). */
  ready?: (page: Page, world: World) => Locator;
};

const LANGUAGES = ['de', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
const RESET_EMAIL = encodeURIComponent('niemand@example.org');

const PUBLIC_VISITS: Visit[] = [
  { route: '/', path: () => '/' },
  { route: '/about', path: () => '/about' },
  { route: '/agb', path: () => '/agb' },
  { route: '/impressum/', path: () => '/impressum/' },
  { route: '/privacy-notice/', path: () => '/privacy-notice/' },
  { route: '/verify-agreement/', path: () => '/verify-agreement/' },
  {
    route: '/sponsors/$eventId/',
    path: (w) => `/sponsors/${w.eventId}/`,
    ready: (page) => page.getByText('Brauerei Wand GmbH').first(),
  },
  {
    route: '/sponsors/$eventId/embed',
    path: (w) => `/sponsors/${w.eventId}/embed`,
    ready: (page) => page.getByText('Brauerei Wand GmbH').first(),
  },
];

const VISITS: Record<Role, Visit[]> = {
  'signed out': [
    ...PUBLIC_VISITS,
    { route: '/unauthorized/', path: () => '/unauthorized/' },
    { route: '/login/', path: () => '/login/' },
    { route: '/register/', path: () => '/register/' },
    { route: '/invite/', path: () => '/invite/' },
    { route: '/forget-password/', path: () => '/forget-password/' },
    { route: '/reset-password/$email', path: () => `/reset-password/${RESET_EMAIL}` },
    { route: '/verify/$email', path: () => `/verify/${RESET_EMAIL}` },
    {
      route: '/venue/$token',
      path: (w) => `/venue/${w.venueToken}`,
      ready: (page) => page.getByTestId('venue-shipment').first(),
    },
  ],
  guest: [
    {
      route: '/invite-sponsor/',
      path: (w) => w.guestLink,
      ready: (page) => page.getByTestId('flow-step').first(),
    },
    {
      route: '/chats-sponsor/',
      path: (w) => `/chats-sponsor/${new URL(w.guestLink, 'http://x').search}&conversation=${w.guestConversationId}`,
      ready: (page) => page.getByRole('log'),
    },
  ],
  organiser: [
    { route: '/dashboard/organizer/', path: () => '/dashboard/organizer/' },
    { route: '/dashboard/organizer/step', path: () => '/dashboard/organizer/step' },
    { route: '/dashboard/organizer/events', path: () => '/dashboard/organizer/events' },
    { route: '/dashboard/organizer/billing', path: () => '/dashboard/organizer/billing' },
    {
      route: '/dashboard/organizer/invoices',
      path: () => '/dashboard/organizer/invoices',
      ready: (page) =>
        page
          .locator('main')
          .getByText(/RE-\d{4}-\d{4}/)
          .first(),
    },
    { route: '/dashboard/organizer/team', path: () => '/dashboard/organizer/team' },
    { route: '/dashboard/organizer/sponsors/', path: () => '/dashboard/organizer/sponsors/' },
    // The sponsor's key is its normalised address in base64url (decision 109).
    {
      route: '/dashboard/organizer/sponsors/$key',
      path: (w) => `/dashboard/organizer/sponsors/${Buffer.from(w.sponsor.email.toLowerCase()).toString('base64url')}`,
    },
    { route: '/dashboard/organizer/webhooks', path: () => '/dashboard/organizer/webhooks' },
    // Opens the event by its title: the check runs on the event it leads to.
    {
      route: '/dashboard/organizer/event/$name',
      path: (w) => `/dashboard/organizer/event/${encodeURIComponent(w.eventTitle)}`,
      ready: (page) => page.getByRole('navigation', { name: /Bereiche dieses Events|Areas of this event/ }),
    },
    { route: '/edit-event/', path: () => '/edit-event/' },
    { route: '/edit-event/$eventId/', path: (w) => `/edit-event/${w.eventId}/` },
    {
      route: '/edit-event/$eventId/sponsors',
      path: (w) => `/edit-event/${w.eventId}/sponsors`,
      ready: (page) => page.getByTestId('sponsor-row').first(),
    },
    { route: '/edit-event/$eventId/packages', path: (w) => `/edit-event/${w.eventId}/packages` },
    { route: '/edit-event/$eventId/fulfilment', path: (w) => `/edit-event/${w.eventId}/fulfilment` },
    { route: '/edit-event/$eventId/readiness', path: (w) => `/edit-event/${w.eventId}/readiness` },
    { route: '/edit-event/$eventId/check-in', path: (w) => `/edit-event/${w.eventId}/check-in` },
    { route: '/edit-event/$eventId/agreement', path: (w) => `/edit-event/${w.eventId}/agreement` },
    {
      route: '/edit-event/$eventId/invoices',
      path: (w) => `/edit-event/${w.eventId}/invoices`,
      ready: (page) =>
        page
          .locator('main')
          .getByText(/RE-\d{4}-\d{4}/)
          .first(),
    },
    { route: '/edit-event/$eventId/wall', path: (w) => `/edit-event/${w.eventId}/wall` },
    // Not a next edition: the renewals' empty state.
    { route: '/edit-event/$eventId/renewals', path: (w) => `/edit-event/${w.eventId}/renewals` },
    { route: '/edit-event/$eventId/settings', path: (w) => `/edit-event/${w.eventId}/settings` },
    { route: '/create-event/', path: () => '/create-event/' },
    { route: '/fulfilment/', path: () => '/fulfilment/' },
    { route: '/readiness/', path: () => '/readiness/' },
    { route: '/events/', path: () => '/events/' },
    {
      route: '/chats/',
      path: (w) => `/chats/?conversation=${w.organiserConversationId}`,
      ready: (page) => page.getByRole('log'),
    },
    { route: '/profile/', path: () => '/profile/' },
    // The public pages signed in: with the app's header instead of the public one.
    ...PUBLIC_VISITS,
  ],
  sponsor: [
    // Before the onboarding is done (the spec onboards the account through the API right after).
    { route: '/on-boarding/', path: () => '/on-boarding/' },
    {
      route: '/dashboard-sponsor',
      path: () => '/dashboard-sponsor',
      ready: (page) => page.getByTestId('flow-step').first(),
    },
    { route: '/events/', path: () => '/events/' },
    { route: '/chats/', path: () => '/chats/', ready: (page) => page.locator('main').first() },
    { route: '/profile/', path: () => '/profile/' },
  ],
};

/** Routes of the tree no visit above opens, each with the reason. */
const EXCLUDED: Record<string, string> = {
  '/dashboard/organizer': 'the layout of the organiser dashboard; its screen is /dashboard/organizer/',
  '/edit-event/$eventId': 'the layout of the event workspace; its screen is /edit-event/$eventId/',
};

const test = base.extend<object, { world: World }>({
  world: [
    async ({ browser }, use) => {
      const page = await browser.newPage();
      const request = page.request;
      const organiser = await createUser(request);
      await completeOnboarding(request, organiser);
      // Not onboarded yet: the sponsor's first screen is the onboarding.
      const sponsor = await createUser(request);
      const token = organiser.tokens.accessToken;
      const auth = { Authorization: `Bearer ${token}` };
      const eventTitle = `Stadtfest ${Date.now()}`;
      const event = await createEventWithAgreement(page, token, {
        title: eventTitle,
        event_date: '2030-07-04',
        location: 'Marktplatz',
        description: 'Ein Fest für alle.',
      });
      await saveBillingSettings(page, token, event.organisation_id);
      // The guest: a package chosen, signed, billing details, confirmed, an issued invoice.
      const guest = await signedSponsorshipWithBuyer(page, token, event.id, { language: 'de' });
      await issuedInvoiceOf(page, token, guest.sponsorshipId);
      const asGuest = { Authorization: guestOfLink(`http://x${guest.link}`).authorization };
      const profile = await request.put('/api/sponsor-profile', {
        headers: asGuest,
        data: { public_name: 'Brauerei Wand GmbH', description_de: 'Bier', description_en: 'Beer', website: null },
      });
      expect(profile.ok(), await profile.text()).toBe(true);
      const consent = await request.put(`/api/sponsorships/${guest.sponsorshipId}/wall-consent`, {
        headers: asGuest,
        data: { show_on_wall: true },
      });
      expect(consent.ok(), await consent.text()).toBe(true);
      const wall = await request.put(`/api/event/${event.id}/sponsor-wall`, { headers: auth, data: { enabled: true } });
      expect(wall.ok(), await wall.text()).toBe(true);
      const [conversation] = (await (await request.get('/api/token/conversation', { headers: asGuest })).json()) as {
        id: number;
      }[];
      const asked = await request.post(`/api/token/conversation/${conversation!.id}/message`, {
        headers: asGuest,
        data: { message: 'Wann dürfen wir aufbauen?', type: 'text' },
      });
      expect(asked.ok(), await asked.text()).toBe(true);
      // The sponsor with an account, invited to the same event and package.
      const [pkg] = (await (await request.get(`/api/event/${event.id}/packages`, { headers: auth })).json()) as {
        id: number;
      }[];
      const invited = await request.post('/api/sponsor-invitation', {
        headers: auth,
        data: { email: sponsor.email, event_id: event.id, package_ids: [pkg!.id] },
      });
      expect(invited.ok(), await invited.text()).toBe(true);
      const parcel = await request.post(`/api/sponsorships/${guest.sponsorshipId}/shipments`, {
        headers: asGuest,
        data: { carrier: 'DHL', tracking: '00340434161094042557', parcel_count: 2, expected_date: '2030-07-01' },
      });
      expect(parcel.ok(), await parcel.text()).toBe(true);
      const venue = await request.post(`/api/event/${event.id}/venue-link`, { headers: auth });
      expect(venue.ok(), await venue.text()).toBe(true);
      const venueToken = ((await venue.json()) as { token: string }).token;
      await page.close();
      await use({
        venueToken,
        organiser,
        sponsor,
        eventId: event.id,
        eventTitle,
        guestLink: guest.link,
        guestConversationId: conversation!.id,
        organiserConversationId: conversation!.id,
      });
    },
    { scope: 'worker' },
  ],
});

test('every route of the app is checked here or excluded with a reason', () => {
  const tree = routesOfTree();
  expect(tree.length).toBeGreaterThan(30);
  const visited = new Set(Object.values(VISITS).flatMap((visits) => visits.map((visit) => visit.route)));
  const unchecked = tree.filter((route) => !visited.has(route) && !(route in EXCLUDED));
  expect(unchecked, 'routes neither visited nor excluded').toEqual([]);
  // Nothing listed here that the tree no longer has.
  const gone = [...visited, ...Object.keys(EXCLUDED)].filter((route) => !tree.includes(route));
  expect(gone, 'routes not in the tree').toEqual([]);
});

// The checker itself: it must name a serious finding in the page and one inside a same-origin frame,
// and find the page's findings again in the document it already ran in.
test('the in-place check reports what it finds, in the page and in a same-origin frame', async ({ page }) => {
  await page.goto('/config.json');
  await page.setContent(
    '<html lang="de"><body><main><h1>Test</h1><button></button>' +
      '<iframe title="Rahmen" srcdoc="<html lang=de><body><input type=checkbox></body></html>"></iframe></main></body></html>',
  );
  await expect(page.frameLocator('iframe').locator('input')).toBeAttached();
  for (const run of [1, 2]) {
    const findings = await seriousFindingsInPlace(page);
    expect(
      findings.some((finding) => finding.startsWith('button-name (critical) at button')),
      `run ${run}`,
    ).toBe(true);
    expect(
      findings.some((finding) => finding.startsWith('label (critical) at iframe')),
      `run ${run}`,
    ).toBe(true);
  }
  await page.locator('button').evaluate((button) => (button.textContent = 'Senden'));
  expect((await seriousFindingsInPlace(page)).some((finding) => finding.startsWith('button-name'))).toBe(false);
});

async function rolePage(browser: Browser, user?: TestUser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (user) await storeSession(page, user, { language: 'de' });
  else await page.goto('/config.json');
  return page;
}

/** The next navigation starts the app in this language (the choice the language switch remembers). */
async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.evaluate((lng) => localStorage.setItem('language', lng), language);
}

/**
 * Until the page has drawn its new layout and its entry animations ended (axe measures the colours
 * as they are drawn); a spinner's endless animation does not count.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

async function checkRoute(page: Page, world: World, visit: Visit, language: Language): Promise<void> {
  await page.goto(visit.path(world));
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect((visit.ready ?? ((p: Page) => p.locator('main h1').first()))(page, world)).toBeVisible();
  await expect(page.locator('main').getByText(language === 'de' ? 'Wird geladen …' : 'Loading …')).toHaveCount(0);
  const screen = `${visit.route} (${language})`;
  await settled(page);
  await expectAccessibleInPlace(page, screen);
  await page.setViewportSize({ width: 375, height: 800 });
  await settled(page);
  await expectAccessibleInPlace(page, screen);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function checkRole(page: Page, world: World, visits: Visit[]): Promise<void> {
  for (const language of LANGUAGES) {
    await useLanguage(page, language);
    for (const visit of visits) await checkRoute(page, world, visit, language);
  }
}

test.describe('all routes under axe', () => {
  // Each role's test on its own page: with two workers, two roles at a time (each worker makes the world once).
  test.describe.configure({ mode: 'parallel', timeout: 180_000 });

  test('signed out', async ({ browser, world }) => {
    const page = await rolePage(browser);
    await checkRole(page, world, VISITS['signed out']);
    await page.context().close();
  });

  test('guest sponsor with the invitation link', async ({ browser, world }) => {
    const page = await rolePage(browser);
    await checkRole(page, world, VISITS.guest);
    await page.context().close();
  });

  // In two halves, so that two workers share the longest list.
  const half = Math.ceil(VISITS.organiser.length / 2);
  for (const [part, visits] of [VISITS.organiser.slice(0, half), VISITS.organiser.slice(half)].entries()) {
    test(`organiser, part ${part + 1} of 2`, async ({ browser, world }) => {
      const page = await rolePage(browser, world.organiser);
      await checkRole(page, world, visits);
      await page.context().close();
    });
  }

  test('sponsor with an account', async ({ browser, world }) => {
    const page = await rolePage(browser, world.sponsor);
    const [onboarding, ...rest] = VISITS.sponsor;
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      await checkRoute(page, world, onboarding!, language);
    }
    await completeOnboarding(page.request, world.sponsor, {
      role: 'sponsor',
      organisation_name: 'Brauerei Konto GmbH',
    });
    await checkRole(page, world, rest);
    await page.context().close();
  });
});
