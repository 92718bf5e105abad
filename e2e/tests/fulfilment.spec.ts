// Fulfilment (issue 18, point 3) against the production build: the organiser confirms a sponsorship
// with a package on the event's page and its benefits appear as deliverables; the sponsor opens the
// invitation link at 375 px, provides the talk title and sees the logo link to the sponsor profile;
// the organiser sees the title and marks the talk done; the sponsor sees it done and the log. In German
// and in English.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openEventArea, openSponsorship } from '../support/event-workspace.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { makePdf } from '../support/pdf.ts';
import { SAMPLE_MASTER_DATA, signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';

const TEXT = {
  de: {
    confirm: 'Bestätigen',
    confirmed: 'Das Sponsoring ist bestätigt.',
    yours: 'Ihre Leistungen',
    talkLabel: 'Titel des Vortrags',
    save: 'Speichern',
    saved: 'Gespeichert.',
    logoLink: 'Logo im Sponsorprofil hochladen',
    status: 'Status',
    done: 'Erledigt',
    open: 'Offen',
    inProgress: 'In Arbeit',
    log: 'Verlauf der Leistungen',
    ownInput: 'Sie haben Angaben zu „Vortrag“ gemacht',
  },
  en: {
    confirm: 'Confirm',
    confirmed: 'The sponsorship is confirmed.',
    yours: 'Your deliverables',
    talkLabel: 'Talk title',
    save: 'Save',
    saved: 'Saved.',
    logoLink: 'Upload logo in the sponsor profile',
    status: 'Status',
    done: 'Done',
    open: 'Open',
    inProgress: 'In progress',
    log: 'Deliverables log',
    ownInput: 'You provided details for “Vortrag”',
  },
} as const;

/** Invited with the package, chosen and signed through the link: ready to confirm. */
async function signedSponsorship(page: Page, accessToken: string, eventId: number) {
  const auth = { Authorization: `Bearer ${accessToken}` };
  const pkg = await page.request.post(`/api/event/${eventId}/packages`, {
    headers: auth,
    data: {
      name: 'Gold',
      price_cents: 250_000,
      capacity: null,
      benefits: [
        { title: 'Vortrag', kind: 'talk', due_date: '2030-06-01', sponsor_delivers: true },
        { title: 'Logo', kind: 'logo', due_date: '2030-05-01', sponsor_delivers: true },
        { title: 'Stand', kind: 'booth', due_date: null, sponsor_delivers: false },
      ],
    },
  });
  expect(pkg.ok(), await pkg.text()).toBe(true);
  const packageId = ((await pkg.json()) as { id: number }).id;
  const email = uniqueEmail('fulfil');
  const invited = await page.request.post('/api/sponsor-invitation', {
    headers: auth,
    data: { email, event_id: eventId, package_ids: [packageId] },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const { url, sponsorId } = (await invited.json()) as { url: string; sponsorId: number };
  const token = new URL(url).searchParams.get('token')!;
  const guest = { Authorization: `${token}:${email}` };
  const chosen = await page.request.post(`/api/sponsorships/${sponsorId}/package`, {
    headers: guest,
    data: { package_id: packageId },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  const upload = (await (
    await page.request.post(`/api/sponsorships/${sponsorId}/signed-agreement/upload-url`, {
      headers: guest,
      data: { file_name: 'signed.pdf' },
    })
  ).json()) as { url: string; key: string; s3_id: string };
  const put = await page.request.put(upload.url, {
    headers: { 'Content-Type': 'application/pdf' },
    data: makePdf('signed'),
  });
  expect(put.ok()).toBe(true);
  const attached = await page.request.put(`/api/sponsorships/${sponsorId}/signed-agreement`, {
    headers: guest,
    data: { s3_id: upload.s3_id, key: upload.key },
  });
  expect(attached.ok(), await attached.text()).toBe(true);
  const path = new URL(url);
  return { email, link: `${path.pathname}${path.search}` };
}

async function guestPage(browser: Browser, language: 'de' | 'en', link: string) {
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width: 375, height: 800 },
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  await page.goto(link);
  return page;
}

for (const language of ['de', 'en'] as const) {
  test(`confirming turns the package into deliverables; the sponsor provides the talk title at 375 px; the organiser marks it done (${language})`, async ({
    browser,
    page,
  }) => {
    // The organiser's areas, the sponsor's page and the organisation's board: past one minute on a busy machine.
    test.setTimeout(150_000);
    const text = TEXT[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const organiser = await signInOnboardedUser(page, { language });
    const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
      title: `Sommerlauf ${Date.now()}`,
      event_date: '2030-07-04',
      location: 'Stadtpark',
      description: 'Lauf.',
    });
    const sponsor = await signedSponsorship(page, organiser.tokens.accessToken, event.id);

    // The organiser confirms on the event's page; the deliverables appear.
    await openEventArea(page, event.id, 'fulfilment');
    const board = page.getByTestId('fulfilment-board');
    await expect(board.getByTestId('deliverable-row')).toHaveCount(0);
    const row = await openSponsorship(page, event.id, sponsor.email);
    await row.getByRole('button', { name: text.confirm }).click();
    await expect(page.getByText(text.confirmed)).toBeVisible();
    await openEventArea(page, event.id, 'fulfilment');
    await expect(board.getByTestId('deliverable-row')).toHaveCount(3);

    // The sponsor provides the talk title through the link, on a phone.
    const guest = await guestPage(browser, language, sponsor.link);
    await openFlowStep(guest, 'deliver');
    const mine = guest.getByTestId('sponsor-deliverables');
    await expect(mine.getByRole('heading', { name: text.yours })).toBeVisible();
    await expect(mine.getByRole('link', { name: text.logoLink })).toHaveAttribute('href', '#sponsor-profile');
    await mine.getByLabel(text.talkLabel).fill('Sponsoring neu gedacht');
    await mine.getByRole('button', { name: text.save }).click();
    await expect(guest.getByText(text.saved)).toBeVisible();
    const talk = mine.getByTestId('sponsor-deliverable').filter({ hasText: 'Vortrag' });
    await expect(talk).toContainText(text.inProgress);
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await guest.screenshot({ path: test.info().outputPath(`sponsor-${language}.png`), fullPage: true });

    // The organiser sees the title and marks the talk done.
    await page.reload();
    const talkRow = board.getByTestId('deliverable-row').filter({ hasText: 'Vortrag' });
    await expect(talkRow).toContainText('Sponsoring neu gedacht');
    await talkRow.getByLabel(text.status).selectOption({ label: text.done });
    await expect(talkRow.getByText(text.done, { exact: true }).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`organiser-${language}.png`), fullPage: true });

    // Across all events: the filters live in the URL.
    await page.goto('/fulfilment/?status=done');
    const all = page.getByTestId('fulfilment-board');
    await expect(all.getByTestId('deliverable-row').filter({ hasText: sponsor.email })).toHaveCount(1);
    await all.getByRole('search').getByLabel(text.status).selectOption({ label: text.open });
    await expect(page).toHaveURL(/status=open/);
    await expect(all.getByTestId('deliverable-row').filter({ hasText: sponsor.email })).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath(`all-events-${language}.png`), fullPage: true });

    // The sponsor sees it done, and the log.
    await guest.reload();
    await openFlowStep(guest, 'deliver');
    await expect(guest.getByTestId('sponsor-deliverable').filter({ hasText: 'Vortrag' })).toContainText(text.done);
    await guest.getByText(text.log).click();
    const log = guest.getByTestId('deliverable-activity');
    await expect(log).toContainText(`${text.inProgress} → ${text.done}`);
    // The organisation's entries carry its name for the sponsor, not the organiser's address.
    await expect(log).toContainText(SAMPLE_MASTER_DATA.organisation_name);
    await expect(log).not.toContainText(organiser.email);
    // Its own entries read as its own, not under its address.
    await expect(log).toContainText(text.ownInput);
    await expect(log).not.toContainText(sponsor.email);
    await openFlowStep(guest, 'package');
    await expect(guest.getByTestId('sponsorship-activity')).toContainText(SAMPLE_MASTER_DATA.organisation_name);
    await expect(guest.getByTestId('sponsorship-activity')).not.toContainText(organiser.email);
    await guest.screenshot({ path: test.info().outputPath(`sponsor-log-${language}.png`), fullPage: true });
    await guest.context().close();
  });
}
