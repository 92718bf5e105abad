// The event as a workspace (issue 58, point 1): every area of an event is its own URL under
// /edit-event/{id}, one click from the overview (the newcomer test), the back button goes back an
// area; the sponsors table searches, filters, sorts and ticks thirty sponsors, its detail panel is
// in the URL too. German and English, 1280 and 375 px, axe on each new screen; the screenshots go
// to /tmp/event-workspace (looked at by hand, not kept in the repository).
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { EVENT_AREAS, eventAreaPath, sponsorshipPanel } from '../support/event-workspace.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { guestOfLink, signAsGuest } from '../support/sponsorships.ts';

const SHOTS = '/tmp/event-workspace';

const TEXT = {
  de: {
    nav: 'Bereiche dieses Events',
    areas: {
      overview: 'Übersicht',
      sponsors: 'Sponsoren',
      packages: 'Pakete',
      readiness: 'Bereitschaft',
      fulfilment: 'Leistungen',
      agreement: 'Vereinbarung',
      invoices: 'Rechnungen',
      wall: 'Sponsorenwand',
      renewals: 'Verlängerungen',
      settings: 'Event bearbeiten',
    },
    navSettings: 'Einstellungen',
    toConfirm: '2 Sponsoren haben unterschrieben und warten auf Ihre Bestätigung',
    notOpened: (n: number) => `${n} Sponsoren haben die Einladung noch nicht geöffnet`,
    search: 'Sponsoren nach Name oder E-Mail-Adresse suchen',
    shown: (shown: number, total: number) => `${shown} von ${total} Sponsoren`,
    declined: 'Abgelehnt',
    amount: 'Betrag',
    sponsor: 'Sponsor',
    selectAll: (n: number) => `Alle ${n} angezeigten auswählen`,
    selected: (n: number) => `${n} ausgewählt`,
    remind: (n: number) => `${n} Sponsoren erinnern`,
    clear: 'Auswahl aufheben',
    close: 'Schließen',
  },
  en: {
    nav: 'Areas of this event',
    areas: {
      overview: 'Overview',
      sponsors: 'Sponsors',
      packages: 'Packages',
      readiness: 'Readiness',
      fulfilment: 'Deliverables',
      agreement: 'Agreement',
      invoices: 'Invoices',
      wall: 'Sponsor wall',
      renewals: 'Renewals',
      settings: 'Edit event',
    },
    navSettings: 'Settings',
    toConfirm: '2 sponsors have signed and are waiting for your confirmation',
    notOpened: (n: number) => `${n} sponsors have not opened the invitation yet`,
    search: 'Search sponsors by name or e-mail address',
    shown: (shown: number, total: number) => `${shown} of ${total} sponsors`,
    declined: 'Declined',
    amount: 'Amount',
    sponsor: 'Sponsor',
    selectAll: (n: number) => `Select all ${n} shown`,
    selected: (n: number) => `${n} selected`,
    remind: (n: number) => `Remind ${n} sponsors`,
    clear: 'Clear selection',
    close: 'Close',
  },
} as const;

const SPONSORS = 30;
const DECLINED = 4;
const SIGNED = 2;

/**
 * Thirty sponsors invited through the API, each with its own amount (sponsor NN pays NN × 100 €):
 * the first four declined, the next two signed, the rest invited.
 */
async function thirtySponsors(page: Page, accessToken: string, eventId: number, stamp: string) {
  const auth = { Authorization: `Bearer ${accessToken}` };
  const emails: string[] = [];
  for (let i = 1; i <= SPONSORS; i++) {
    const email = uniqueEmail(`ws${String(i).padStart(2, '0')}-${stamp}`);
    const invited = await page.request.post('/api/sponsor-invitation', {
      headers: auth,
      data: { email, event_id: eventId, amount_cents: i * 10_000 },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const { sponsorId, url } = (await invited.json()) as { sponsorId: number; url: string };
    if (i <= DECLINED) {
      const declined = await page.request.post(`/api/sponsorships/${sponsorId}/status`, {
        headers: auth,
        data: { status: 'declined' },
      });
      expect(declined.ok(), await declined.text()).toBe(true);
    } else if (i <= DECLINED + SIGNED) {
      await signAsGuest(page.request, guestOfLink(url).authorization, sponsorId);
    }
    emails.push(email);
  }
  return emails;
}

async function shot(page: Page, name: string, fullPage = true) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

async function atBothWidths(page: Page, name: string) {
  await expectAccessible(page, name);
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(375);
  await expectAccessible(page, name);
  await shot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The amount column's cents, row by row (the shown text's digits). */
const amountsShown = (page: Page) =>
  page
    .getByTestId('sponsor-row')
    .evaluateAll((rows) => rows.map((row) => Number(row.querySelectorAll('td')[3]!.textContent.replace(/\D/g, ''))));

for (const language of ['de', 'en'] as const) {
  test(`the event's workspace: areas one click from the overview, deep links, back button, the sponsors table (${language})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const text = TEXT[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const organiser = await signInOnboardedUser(page, { language });
    const title = `Workspace ${language} ${Date.now()}`;
    const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
      title,
      event_date: '2030-09-12',
      location: 'Festwiese',
      description: 'Fest.',
    });
    const stamp = `${language}${Date.now() % 100000}`;
    const emails = await thirtySponsors(page, organiser.tokens.accessToken, event.id, stamp);

    // The overview: what needs attention, the figures, and every area.
    await page.goto(eventAreaPath(event.id));
    const nav = page.getByRole('navigation', { name: text.nav });
    await expect(page.getByRole('heading', { level: 1, name: text.areas.overview })).toBeVisible();
    await expect(nav.getByRole('link', { name: text.areas.overview })).toHaveAttribute('aria-current', 'page');
    const attention = page.getByTestId('attention-list');
    await expect(attention).toContainText(text.toConfirm);
    await expect(attention).toContainText(text.notOpened(SPONSORS - DECLINED - SIGNED));
    await expect(page.getByTestId('figure-sponsors')).toHaveText(String(SPONSORS));
    await atBothWidths(page, `overview-${language}`);

    // The newcomer test: from the overview each area is one click away, and Back returns.
    for (const area of EVENT_AREAS.filter((a) => a !== 'overview')) {
      await page.getByTestId(`area-${area}`).click();
      await expect(page).toHaveURL(new RegExp(`/edit-event/${event.id}/${area}$`));
      await expect(page.getByRole('heading', { level: 1, name: text.areas[area] })).toBeVisible();
      const tab = nav.getByRole('link', {
        name: area === 'settings' ? text.navSettings : text.areas[area],
        exact: true,
      });
      await expect(tab).toHaveAttribute('aria-current', 'page');
      if (area !== 'sponsors') await atBothWidths(page, `${area}-${language}`);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/edit-event/${event.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: text.areas.overview })).toBeVisible();
    }
    // By keyboard: the tabs are links in the tab order.
    await nav.getByRole('link', { name: text.areas.packages }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/edit-event/${event.id}/packages$`));
    await page.goBack();

    // What needs attention leads to exactly those: the two who signed.
    await attention.getByRole('link', { name: text.toConfirm }).click();
    await expect(page).toHaveURL(/\/sponsors\?sponsorship_status=signed$/);
    const rows = page.getByTestId('sponsor-row');
    await expect(rows).toHaveCount(SIGNED);
    await expect(page.getByTestId('sponsorships-shown')).toHaveText(text.shown(SIGNED, SPONSORS));

    // A deep link: the declined ones by amount, highest first; a reload keeps it.
    await page.goto(eventAreaPath(event.id, 'sponsors', 'sponsorship_status=declined&sort=amount&dir=desc'));
    await expect(rows).toHaveCount(DECLINED);
    await expect(rows.first()).toContainText(emails[DECLINED - 1]!);
    await expect(rows.last()).toContainText(emails[0]!);
    await page.reload();
    await expect(rows).toHaveCount(DECLINED);
    await expect(rows.first()).toContainText(emails[DECLINED - 1]!);

    // All of them, sorted by a click on a column's header (again: the other way round).
    await page.goto(eventAreaPath(event.id, 'sponsors'));
    await expect(rows).toHaveCount(SPONSORS);
    const amountHeader = page.getByRole('columnheader', { name: text.amount });
    await amountHeader.getByRole('button').click();
    await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort=amount/);
    await expect(rows.first()).toContainText(emails[0]!);
    await amountHeader.getByRole('button').click();
    await expect(amountHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first()).toContainText(emails[SPONSORS - 1]!);
    const amounts = await amountsShown(page);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(amounts).toHaveLength(SPONSORS);
    await page.getByRole('columnheader', { name: text.sponsor }).getByRole('button').click();
    await expect(rows.first()).toContainText(emails[0]!);

    // The search narrows as one types and goes into the URL with Enter.
    const search = page.getByRole('searchbox', { name: text.search });
    await search.fill(`ws07-${stamp}`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(emails[6]!);
    await search.press('Enter');
    await expect(page).toHaveURL(/sponsorship_search=ws07/);
    await search.fill('');
    await search.press('Enter');
    await expect(rows).toHaveCount(SPONSORS);

    // Ticking: all shown of the declined filter, then the invited; the reminder is for the ticked.
    await page
      .getByRole('group', { name: language === 'de' ? 'Nach Status' : 'By status' })
      .getByRole('button', { name: new RegExp(text.declined) })
      .click();
    await expect(rows).toHaveCount(DECLINED);
    await page.getByRole('checkbox', { name: text.selectAll(DECLINED) }).check();
    const bulk = page.getByTestId('sponsors-bulk');
    await expect(bulk).toContainText(text.selected(DECLINED));
    // Declined sponsors are not reminded: the selection offers no reminder.
    await expect(bulk.getByRole('button', { name: /erinnern|Remind/ })).toHaveCount(0);
    await bulk.getByRole('button', { name: text.clear }).click();
    await expect(bulk).toHaveCount(0);
    await page.goto(eventAreaPath(event.id, 'sponsors', 'sponsorship_status=invited'));
    const invited = SPONSORS - DECLINED - SIGNED;
    await expect(rows).toHaveCount(invited);
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await rows.nth(2).getByRole('checkbox').check();
    await expect(bulk).toContainText(text.selected(3));
    await expect(bulk.getByRole('button', { name: text.remind(3) })).toBeVisible();
    await atBothWidths(page, `sponsors-${language}`);

    // A sponsor's detail panel: opened from its row, in the URL, closed by Back.
    await rows.filter({ hasText: emails[9]! }).getByRole('button', { name: emails[9]! }).click();
    const panel = sponsorshipPanel(page);
    await expect(panel).toContainText(emails[9]!);
    await expect(page).toHaveURL(/sponsorship=\d+/);
    const panelUrl = page.url();
    await expectAccessible(page, `sponsor panel (${language})`);
    await shot(page, `panel-${language}-1280`, false);
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto(panelUrl);
    await expect(panel).toContainText(emails[9]!);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page, `sponsor panel (${language}, 375 px)`);
    await shot(page, `panel-${language}-375`, false);
    await page.getByRole('dialog').getByRole('button', { name: text.close }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).not.toHaveURL(/sponsorship=/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
}
