// Calendar feeds (issue 59 point 7, decision 088) against the production build: the organiser makes
// the organisation's feed on the team page (1280 px), the sponsor makes their sponsorship's feed in the
// guided flow's deliver step from the invitation link (375 px); each copies the shown URL, its webcal://
// twin is offered, the feed is fetched and parses with ical.js with the event and the deadlines in it;
// the sponsor revokes theirs and it answers 410. German and English, axe clean.
import ICAL from 'ical.js';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';
import { confirmedSponsorship, createWorld, openPhone } from '../support/world.ts';

const TEXT = {
  de: {
    organisation: 'Alle Termine der Organisation',
    sponsor: 'Kalender abonnieren',
    create: 'Link erstellen',
    url: 'Adresse des Kalenders',
    webcal: 'In der Kalender-App öffnen (webcal://)',
    revoke: 'Link widerrufen',
    revoked: 'Der Link wurde widerrufen.',
    tickets: 'Namen für Ihre Tickets nennen',
    due: 'Fällig: Logo',
  },
  en: {
    organisation: "All of the organisation's dates",
    sponsor: 'Subscribe in your calendar',
    create: 'Create link',
    url: 'Calendar address',
    webcal: 'Open in your calendar app (webcal://)',
    revoke: 'Revoke link',
    revoked: 'The link was revoked.',
    tickets: 'Name your ticket holders',
    due: 'Due: Logo',
  },
} as const;

/** Makes the card's feed and answers the URL shown, after checking its webcal:// twin. */
async function makeFeed(card: Locator, text: (typeof TEXT)['de' | 'en']): Promise<string> {
  await card.getByRole('button', { name: text.create }).click();
  const field = card.getByLabel(text.url);
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await field.inputValue();
  await expect(card.getByRole('link', { name: text.webcal })).toHaveAttribute(
    'href',
    url.replace(/^https?:\/\//, 'webcal://'),
  );
  return url;
}

/** Fetches the feed (no cookie, no token) and answers its entries' summaries, parsed by ical.js. */
async function summariesOf(page: Page, url: string): Promise<string[]> {
  const res = await page.request.get(new URL(url).pathname);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).summary);
}

for (const language of ['de', 'en'] as const) {
  test(`the organiser and the sponsor subscribe to their calendar feeds, which parse as iCalendar (${language})`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(90_000);
    const text = TEXT[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const title = `Sommergala, Nacht; ${Date.now()}`;
    const world = await createWorld(page, {
      language,
      event: { title, description: 'Gala.' },
      benefits: [
        { title: 'Logo', kind: 'logo', due_date: '2030-06-01', sponsor_delivers: true },
        { title: 'Tickets', kind: 'tickets', due_date: '2030-06-30', sponsor_delivers: true, quantity: 2 },
      ],
    });
    const { link } = await confirmedSponsorship(page, world, { prefix: 'calendar' });

    // The organiser: the organisation's feed on the team page.
    await page.goto('/dashboard/organizer/team');
    const card = page.getByRole('region', { name: text.organisation });
    const organisationUrl = await makeFeed(card, text);
    const organisationEntries = await summariesOf(page, organisationUrl);
    expect(organisationEntries).toContain(title);
    expect(organisationEntries.some((s) => s.startsWith(text.due))).toBe(true);
    await expectAccessible(page, `organiser calendar feeds ${language}`);
    await card.screenshot({ path: test.info().outputPath(`organiser-feed-${language}.png`) });
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath(`organiser-feed-375-${language}.png`), fullPage: true });

    // The sponsor: their sponsorship's feed from the invitation link, on a phone.
    const guest = await openPhone(browser, language, link);
    const step = await openFlowStep(guest, 'deliver');
    const sponsorCard = step.getByRole('region', { name: text.sponsor });
    const sponsorUrl = await makeFeed(sponsorCard, text);
    const sponsorEntries = await summariesOf(guest, sponsorUrl);
    expect(sponsorEntries).toEqual(expect.arrayContaining([text.tickets, `${text.due}`]));
    expect(sponsorEntries.some((s) => s.includes(title))).toBe(true);
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(guest, `sponsor calendar feed ${language}`);
    await guest.screenshot({ path: test.info().outputPath(`sponsor-feed-${language}.png`), fullPage: true });

    // Revoked (keyboard): the link stops working.
    await sponsorCard.getByRole('button', { name: text.revoke }).focus();
    await guest.keyboard.press('Enter');
    await expect(guest.getByText(text.revoked)).toBeVisible();
    expect((await guest.request.get(new URL(sponsorUrl).pathname)).status()).toBe(410);
    await guest.context().close();
  });
}
