// Issue 58, done-when: a new organiser, with no help, finds each area of an event from its overview in
// one click. From the overview, each area's card (named as in the navigation) opens that area (its
// own URL, marked current in the event's navigation, its heading), and the back button returns to the
// overview; the app never loads a document for it. German at 1280 px, English on a 375 px phone.
import { expect, test } from '@playwright/test';
import { EVENT_AREAS, eventAreaPath } from '../support/event-workspace.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { watchDocumentLoads } from '../support/no-reload.ts';
import { signInOnboardedUser } from '../support/session.ts';

const NAMES = {
  de: {
    nav: 'Bereiche dieses Events',
    all: 'Alle Bereiche',
    areas: {
      sponsors: 'Sponsoren',
      packages: 'Pakete',
      readiness: 'Bereitschaft',
      fulfilment: 'Leistungen',
      agreement: 'Vereinbarung',
      invoices: 'Rechnungen',
      wall: 'Sponsorenwand',
      renewals: 'Verlängerungen',
      settings: 'Einstellungen',
    },
  },
  en: {
    nav: 'Areas of this event',
    all: 'All areas',
    areas: {
      sponsors: 'Sponsors',
      packages: 'Packages',
      readiness: 'Readiness',
      fulfilment: 'Deliverables',
      agreement: 'Agreement',
      invoices: 'Invoices',
      wall: 'Sponsor wall',
      renewals: 'Renewals',
      settings: 'Settings',
    },
  },
} as const;

for (const { language, width } of [
  { language: 'de', width: 1280 },
  { language: 'en', width: 375 },
] as const) {
  test(`a new organiser finds every area of an event from its overview in one click (${language}, ${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    const names = NAMES[language];
    const organiser = await signInOnboardedUser(page, { language });
    const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
      title: `Erstes Fest ${Date.now()}`,
      event_date: '2030-09-12',
      location: 'Rathausplatz',
      description: 'Unser erstes Event.',
    });
    await page.goto(eventAreaPath(event.id));
    const { loads } = watchDocumentLoads(page);
    const areas = page.getByRole('region', { name: names.all });
    const nav = page.getByRole('navigation', { name: names.nav });
    await expect(areas).toBeVisible();

    // Every area of the navigation but the overview has its card on the overview.
    const listed = EVENT_AREAS.filter((area) => area !== 'overview');
    expect(Object.keys(names.areas).sort()).toEqual([...listed].sort());
    await expect(areas.getByRole('link')).toHaveCount(listed.length);
    for (const area of listed) {
      const card = areas.getByRole('link', { name: new RegExp(`^${names.areas[area]}\\s`) });
      await expect(card).toHaveCount(1);
      await card.click();
      await expect(page).toHaveURL(new RegExp(`${eventAreaPath(event.id, area)}$`));
      await expect(nav.getByRole('link', { name: names.areas[area], exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (area === listed[listed.length - 1])
        await page.screenshot({ path: test.info().outputPath(`area-${area}-${language}-${width}.png`) });
      await page.goBack();
      await expect(areas).toBeVisible();
    }
    expect(loads(), 'no document was loaded after the overview').toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
