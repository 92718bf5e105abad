// The readiness board (issue 59 points 1 and 2) against the production build: ten sponsorships
// seeded through the API, half of them English-speaking; the organiser sees the board at 1280 px
// (counts, sticky sponsor column, a state per cell), chases everyone waiting for the logo in one
// action from the column's header, each sponsor's mail arrives in their language with their own link,
// and the board shows the notice; at 375 px a list per sponsor. German and English, axe clean.
// The board across events: two events, a filter in the URL, chasing the shown rows from there.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { listMails } from '../support/mailbox.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { guestOfLink, signAsGuest } from '../support/sponsorships.ts';

const TEXT = {
  de: {
    heading: 'Bereitschaft',
    waiting: 'Wartet auf Sponsor',
    chase: /^10 erinnern$/,
    send: '10 E-Mails senden',
    chased: /Erinnert am/,
  },
  en: {
    heading: 'Readiness',
    waiting: 'Waiting for sponsor',
    chase: /^Chase 10$/,
    send: 'Send 10 e-mails',
    chased: /Chased/,
  },
} as const;

const SPONSORS = 10;

/** Confirmed sponsorships (ten) of a package with a logo to deliver; every second one speaks English. */
async function seed(page: Page, accessToken: string, eventId: number, count = SPONSORS) {
  const auth = { Authorization: `Bearer ${accessToken}` };
  const pkg = await page.request.post(`/api/event/${eventId}/packages`, {
    headers: auth,
    data: {
      name: 'Gold',
      price_cents: 250_000,
      capacity: null,
      benefits: [
        { title: 'Logo', kind: 'logo', due_date: '2030-05-01', sponsor_delivers: true },
        { title: 'Stand', kind: 'booth', due_date: null, sponsor_delivers: false },
      ],
    },
  });
  expect(pkg.ok(), await pkg.text()).toBe(true);
  const packageId = ((await pkg.json()) as { id: number }).id;
  const seedOne = async (i: number) => {
    const email = uniqueEmail(`ready${i}`);
    const invited = await page.request.post('/api/sponsor-invitation', {
      headers: auth,
      data: { email, event_id: eventId, package_ids: [packageId] },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const { url, sponsorId } = (await invited.json()) as { url: string; sponsorId: number };
    const guest = guestOfLink(url);
    const asGuest = { Authorization: guest.authorization };
    const chosen = await page.request.post(`/api/sponsorships/${sponsorId}/package`, {
      headers: asGuest,
      data: { package_id: packageId },
    });
    expect(chosen.ok(), await chosen.text()).toBe(true);
    const language = i % 2 === 0 ? 'de' : 'en';
    const told = await page.request.put(`/api/sponsorships/${sponsorId}/sponsor-language`, {
      headers: asGuest,
      data: { language },
    });
    expect(told.ok(), await told.text()).toBe(true);
    await signAsGuest(page.request, guest.authorization, sponsorId);
    const confirmed = await page.request.post(`/api/sponsorships/${sponsorId}/status`, {
      headers: auth,
      data: { status: 'confirmed' },
    });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
    return { email, language, sponsorId };
  };
  const sponsors = [];
  for (let i = 0; i < count; i += 1) sponsors.push(await seedOne(i));
  return sponsors;
}

async function waitForMail(to: string, subject: RegExp) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = (await listMails()).find((m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

for (const language of ['de', 'en'] as const) {
  test(`the board shows ten sponsors; one action chases everyone waiting for the logo, in their language (${language})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const text = TEXT[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const organiser = await signInOnboardedUser(page, { language });
    const title = `Herbstlauf ${Date.now()}`;
    const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
      title,
      event_date: '2030-07-04',
      location: 'Stadtpark',
      description: 'Lauf.',
    });
    const sponsors = await seed(page, organiser.tokens.accessToken, event.id);

    await page.goto(`/edit-event/${event.id}/readiness`);
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    const table = page.getByTestId('readiness-table');
    await expect(table.locator('tbody tr')).toHaveCount(SPONSORS);
    await expect(page.getByTestId('readiness-counts')).toContainText(`${text.waiting}: ${SPONSORS}`);
    // The sponsor column stays put when the table scrolls sideways.
    await expect(table.locator('tbody th').first()).toHaveCSS('position', 'sticky');
    // Arrow keys move between the cells.
    const first = table.locator('[data-row="0"][data-col="0"]');
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect(table.locator('[data-row="0"][data-col="1"]')).toBeFocused();
    await expectAccessible(page, `readiness board ${language}`);
    await page.screenshot({ path: test.info().outputPath(`board-1280-${language}.png`), fullPage: true });

    // Everyone waiting for the logo, in one action from the column's header.
    await table.getByRole('button', { name: text.chase }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('chase-preview').locator(':scope > li')).toHaveCount(SPONSORS);
    await expectAccessible(page, `chase preview ${language}`);
    await page.screenshot({ path: test.info().outputPath(`chase-${language}.png`) });
    await dialog.getByRole('button', { name: text.send }).click();
    await expect(dialog).toBeHidden();

    const german = sponsors.find((s) => s.language === 'de')!;
    const english = sponsors.find((s) => s.language === 'en')!;
    const de = await waitForMail(german.email, new RegExp(`^Noch offen für ${title}$`));
    expect(de.text).toContain('Logo (fällig am 2030-05-01)');
    expect(de.text).toMatch(/invite-sponsor\/\?token=/);
    const en = await waitForMail(english.email, new RegExp(`^Still open for ${title}$`));
    expect(en.text).toContain('Logo (due 2030-05-01)');

    // The board tells who was chased when.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId(`readiness-row-${german.sponsorId}`).getByTestId('notice-hint')).toHaveText(
        text.chased,
      );
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('readiness-notices').locator('li')).toHaveCount(SPONSORS);

    // A phone: a list per sponsor.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByTestId('readiness-list').locator(':scope > li')).toHaveCount(SPONSORS);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, `readiness list ${language}`);
    await page.screenshot({ path: test.info().outputPath(`board-375-${language}.png`), fullPage: true });
  });
}

const ACROSS = {
  de: {
    heading: 'Bereitschaft über alle Veranstaltungen',
    nav: 'Bereitschaft',
    chase: '2 angezeigte erinnern, auf die wir warten',
    send: '2 E-Mails senden',
    column: 'Leistungen',
  },
  en: {
    heading: 'Readiness across events',
    nav: 'Readiness',
    chase: 'Chase 2 shown we are waiting for',
    send: 'Send 2 e-mails',
    column: 'Deliverables',
  },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`the board across events shows both events' sponsors, filters by event and chases from there (${language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = { ...TEXT[language], ...ACROSS[language] };
    await page.setViewportSize({ width: 1280, height: 900 });
    const organiser = await signInOnboardedUser(page, { language });
    const token = organiser.tokens.accessToken;
    const stamp = Date.now();
    const details = { location: 'Stadtpark', description: 'Lauf.' };
    const early = await createEventWithAgreement(page, token, {
      ...details,
      title: `Frühlauf ${stamp}`,
      event_date: '2030-05-04',
    });
    const late = await createEventWithAgreement(page, token, {
      ...details,
      title: `Spätlauf ${stamp}`,
      event_date: '2030-09-04',
    });
    const [earlySponsors, lateSponsors] = [await seed(page, token, early.id, 2), await seed(page, token, late.id, 2)];

    await page.goto('/dashboard/organizer/');
    await page.getByRole('navigation').first().getByRole('link', { name: text.nav }).click();
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    const table = page.getByTestId('readiness-table');
    await expect(table.locator('tbody tr')).toHaveCount(4);
    await expect(page.getByTestId('readiness-counts')).toContainText(`${text.waiting}: 4`);
    await expect(table.locator('thead')).toContainText(text.column);
    await expect(page.getByTestId(`readiness-row-${lateSponsors[0]!.sponsorId}`)).toContainText(`Spätlauf ${stamp}`);
    await expect(table.locator('tbody th').first()).toHaveCSS('position', 'sticky');
    const first = table.locator('[data-row="0"][data-col="0"]');
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await expect(table.locator('[data-row="1"][data-col="0"]')).toBeFocused();

    // One event only: the filter is in the URL, and the chase goes to the rows shown.
    await page.getByTestId('readiness-event-filter').selectOption(String(late.id));
    await expect(page).toHaveURL(new RegExp(`event=${late.id}`));
    await expect(table.locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('readiness-counts')).toContainText(`${text.waiting}: 2`);
    await expectAccessible(page, `readiness across events ${language}`);
    await page.screenshot({ path: test.info().outputPath(`across-1280-${language}.png`), fullPage: true });
    await page.getByRole('button', { name: text.chase }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('chase-preview').locator(':scope > li')).toHaveCount(2);
    await dialog.getByRole('button', { name: text.send }).click();
    await expect(dialog).toBeHidden();
    const mail = await waitForMail(lateSponsors[0]!.email, new RegExp(`^Noch offen für Spätlauf ${stamp}$`));
    expect(mail.text).toContain('Logo (fällig am 2030-05-01)');
    // The other event's sponsors, filtered out, are not chased.
    const chasers = (await listMails()).filter((m) => /^(Noch offen für|Still open for) /.test(m.subject));
    expect(chasers.some((m) => m.to.toLowerCase() === earlySponsors[0]!.email.toLowerCase())).toBe(false);
    await expect(async () => {
      await page.reload();
      await expect(
        page.getByTestId(`readiness-row-${lateSponsors[0]!.sponsorId}`).getByTestId('notice-hint'),
      ).toHaveText(text.chased);
    }).toPass({ timeout: 30_000 });

    // A phone: a list per sponsor, the event named on each.
    await page.setViewportSize({ width: 375, height: 800 });
    const list = page.getByTestId('readiness-list').locator(':scope > li');
    await expect(list).toHaveCount(2);
    await expect(list.first()).toContainText(`Spätlauf ${stamp}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, `readiness across events list ${language}`);
    await page.screenshot({ path: test.info().outputPath(`across-375-${language}.png`), fullPage: true });

    // A cell is a plain link the app follows itself: its item's page opens without reloading the app.
    const cell = list.first().locator('a[data-state]').first();
    await expect(cell).toHaveAttribute('href', `/edit-event/${late.id}/agreement`);
    await page.evaluate(() => ((window as unknown as { stayed?: boolean }).stayed = true));
    await cell.click();
    await expect(page).toHaveURL(new RegExp(`/edit-event/${late.id}/agreement$`));
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
}
