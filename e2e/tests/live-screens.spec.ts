// Issue 58, point 3, against the production build: screens follow what the other party does without a
// reload. (a) A new organiser who onboarded in this very tab sees a guest sponsor's message on the
// dashboard (unanswered count) and in the header's badge. (b) The sponsorship's detail panel shows the
// sponsor's signature and, once confirmed, its deliverables; the sponsor's invitation page (a second
// browser) shows the signature, the confirmation, the deliverables and the issued invoice, and the
// organiser's dashboard in another tab its open task. German and English.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openSponsorship } from '../support/event-workspace.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { saveBillingSettings } from '../support/invoices.ts';
import { signAsGuest } from '../support/sponsorships.ts';
import { signInNewUser, signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { flowStepHeader, openFlowStep } from '../support/sponsor-flow.ts';

const TEXT = {
  de: {
    organiser: 'Veranstalter',
    continue: 'Weiter',
    organisationName: 'Name der Organisation',
    street: 'Straße',
    houseNumber: 'Hausnummer',
    postalCode: 'PLZ',
    city: 'Ort',
    finish: 'Onboarding abschließen',
    overview: 'Übersicht',
    message: 'Nachricht',
    send: 'Senden',
    unreadBadge: 'Nachrichten, 1 ungelesene Nachricht',
    confirm: 'Bestätigen',
    signed: 'Unterschrieben eingereicht',
    confirmed: 'Bestätigt',
    deliverables: 'Leistungen',
    toConfirm: (sponsor: string) => `${sponsor} hat unterschrieben – bestätigen:`,
  },
  en: {
    organiser: 'Organiser',
    continue: 'Continue',
    organisationName: 'Organisation name',
    street: 'Street',
    houseNumber: 'House number',
    postalCode: 'Postcode',
    city: 'City',
    finish: 'Finish onboarding',
    overview: 'Overview',
    message: 'Message',
    send: 'Send',
    unreadBadge: 'Messages, 1 unread message',
    confirm: 'Confirm',
    signed: 'Signed copy submitted',
    confirmed: 'Confirmed',
    deliverables: 'Deliverables',
    toConfirm: (sponsor: string) => `${sponsor} has signed – confirm:`,
  },
} as const;

/** What a live update may take on a busy machine; far below the 30 s fallback polling. */
const LIVE = { timeout: 10_000 };

/**
 * Resolves once the page's live connection is registered (its response headers follow that): what
 * changes before it opens is not replayed, so a test waits for it before another party acts.
 */
const streamOpened = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stream');

async function guestPage(browser: Browser, language: 'de' | 'en', path: string, width = 375): Promise<Page> {
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width, height: 800 },
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  const live = streamOpened(page);
  await page.goto(path);
  await live;
  return page;
}

for (const language of ['de', 'en'] as const) {
  test(`a guest's message reaches the dashboard of an organiser who onboarded in the same tab (${language})`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(90_000);
    const text = TEXT[language];
    const organiser = await signInNewUser(page, { language });
    // Onboarding in this tab: the live connection opened before the organisation existed.
    const onboardingLive = streamOpened(page);
    await page.goto('/on-boarding/');
    await onboardingLive;
    await page.getByText(text.organiser, { exact: true }).click();
    await page.getByRole('button', { name: text.continue }).click();
    await page.getByLabel(text.organisationName).fill('Laufverein Süd e. V.');
    await page.getByLabel(text.street).fill('Am Markt');
    await page.getByLabel(text.houseNumber).fill('3');
    await page.getByLabel(text.postalCode).fill('20095');
    await page.getByLabel(text.city).fill('Hamburg');
    await page.getByRole('button', { name: text.finish }).click();
    await expect(page.getByRole('heading', { name: text.overview, level: 1 })).toBeVisible();
    await expect(page.getByTestId('unanswered-count')).toHaveText('0');

    const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
    const created = await page.request.post('/api/event/-1', {
      headers: auth,
      data: { title: `Stadtlauf ${Date.now()}`, event_date: '2030-07-01', location: 'Park', description: 'Lauf.' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const eventId = ((await created.json()) as { id: number }).id;
    const sponsorEmail = uniqueEmail('live');
    const invited = await page.request.post('/api/sponsor-invitation', {
      headers: auth,
      data: { email: sponsorEmail, event_id: eventId },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const link = new URL(((await invited.json()) as { url: string }).url);

    // The sponsor writes from the guest chat, in a browser of their own.
    const guest = await guestPage(browser, language, `/chats-sponsor/${link.search}`, 1280);
    await guest.getByRole('button', { name: /Laufverein Süd/ }).click();
    await guest.getByRole('textbox', { name: text.message }).fill('Gibt es noch Plätze am Stand?');
    await guest.getByRole('button', { name: text.send }).click();
    await expect(guest.getByRole('log')).toContainText('Gibt es noch Plätze am Stand?');

    // The organiser's open dashboard follows, without a reload.
    await expect(page.getByTestId('unanswered-count')).toHaveText('1', LIVE);
    await expect(page.getByRole('link', { name: text.unreadBadge })).toBeVisible(LIVE);
    await page.screenshot({ path: test.info().outputPath(`dashboard-live-${language}.png`), fullPage: true });
    await guest.context().close();
  });

  test(`the sponsorship panel and the sponsor's page follow each other's changes (${language})`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const organiser = await signInOnboardedUser(page, { language });
    const token = organiser.tokens.accessToken;
    const auth = { Authorization: `Bearer ${token}` };
    const event = await createEventWithAgreement(page, token, {
      title: `Sommerlauf ${Date.now()}`,
      event_date: '2030-07-04',
      location: 'Stadtpark',
      description: 'Lauf.',
    });
    await saveBillingSettings(page, token, event.organisation_id);
    const pkg = await page.request.post(`/api/event/${event.id}/packages`, {
      headers: auth,
      data: {
        name: 'Gold',
        price_cents: 250_000,
        capacity: null,
        benefits: [
          { title: 'Vortrag', kind: 'talk', due_date: '2030-06-01', sponsor_delivers: true },
          { title: 'Stand', kind: 'booth', due_date: null, sponsor_delivers: false },
        ],
      },
    });
    expect(pkg.ok(), await pkg.text()).toBe(true);
    const packageId = ((await pkg.json()) as { id: number }).id;
    const email = uniqueEmail('live');
    const invited = await page.request.post('/api/sponsor-invitation', {
      headers: auth,
      data: { email, event_id: event.id, package_ids: [packageId] },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const { url, sponsorId } = (await invited.json()) as { url: string; sponsorId: number };
    const link = new URL(url);
    const guestAuth = `${link.searchParams.get('token')}:${email}`;
    const chosen = await page.request.post(`/api/sponsorships/${sponsorId}/package`, {
      headers: { Authorization: guestAuth },
      data: { package_id: packageId },
    });
    expect(chosen.ok(), await chosen.text()).toBe(true);
    const legal = await page.request.put('/api/sponsor-profile/legal', {
      headers: { Authorization: guestAuth },
      data: {
        legal_name: 'Brauerei Müller GmbH',
        street: 'Große Straße',
        house_number: '12a',
        postal_code: '80331',
        city: 'München',
        country: 'DE',
        vat_id: 'DE123456789',
        billing_email: uniqueEmail('buchhaltung'),
        language,
      },
    });
    expect(legal.ok(), await legal.text()).toBe(true);

    // Both screens open: the organiser's detail panel, the sponsor's page on a phone.
    const pageLive = streamOpened(page);
    const panel = await openSponsorship(page, event.id, email);
    await pageLive;
    await expect(panel).not.toContainText('Vortrag');
    await expect(panel.getByRole('button', { name: text.confirm, exact: true })).toHaveCount(0);
    const guest = await guestPage(browser, language, `${link.pathname}${link.search}`);
    await expect(guest.getByTestId('sponsor-invoices').getByTestId('sponsor-invoice')).toHaveCount(0);
    await expect(guest.getByTestId('sponsor-deliverable')).toHaveCount(0);

    // The organiser's dashboard in another tab: no task for this sponsor yet.
    const dashboard = await page.context().newPage();
    const dashboardLive = streamOpened(dashboard);
    await dashboard.goto('/dashboard/organizer/');
    await dashboardLive;
    await expect(dashboard.getByTestId('open-tasks-count')).toBeVisible();
    // The task names the sponsor by its organisation (the legal name entered above), not the address (issue 58).
    const toConfirm = dashboard.getByText(text.toConfirm('Brauerei Müller GmbH'));
    await expect(toConfirm).toHaveCount(0);

    // The sponsor signs (their upload, through the link): their page says so, the dashboard asks for
    // the confirmation and the panel offers it.
    await signAsGuest(guest.request, guestAuth, sponsorId);
    await expect(guest.getByText(text.signed, { exact: true }).first()).toBeVisible(LIVE);
    await expect(toConfirm).toBeVisible(LIVE);
    await panel.getByRole('button', { name: text.confirm, exact: true }).click(LIVE);
    await expect(toConfirm).toHaveCount(0, LIVE);

    // Confirmed: the panel lists the deliverables, the sponsor's page shows state and deliverables.
    await expect(panel.getByText(text.confirmed, { exact: true }).first()).toBeVisible();
    const deliverables = page.getByRole('dialog').getByRole('region', { name: text.deliverables });
    await expect(deliverables.getByRole('listitem').filter({ hasText: 'Vortrag' })).toHaveCount(1, LIVE);
    await expect(guest.getByText(text.confirmed, { exact: true }).first()).toBeVisible(LIVE);
    await expect(flowStepHeader(guest, 'deliver')).toBeVisible(LIVE);
    await openFlowStep(guest, 'deliver');
    await expect(guest.getByTestId('sponsor-deliverable').filter({ hasText: 'Vortrag' })).toHaveCount(1, LIVE);

    // The organiser issues the invoice (elsewhere): it appears on the sponsor's page.
    const draft = await page.request.post(`/api/sponsorships/${sponsorId}/invoices`, { headers: auth });
    expect(draft.ok(), await draft.text()).toBe(true);
    const invoiceId = ((await draft.json()) as { invoice: { id: number } }).invoice.id;
    const issued = await page.request.post(`/api/invoices/${invoiceId}/issue`, { headers: auth });
    expect(issued.ok(), await issued.text()).toBe(true);
    const number = ((await issued.json()) as { invoice: { number: string } }).invoice.number;
    await expect(flowStepHeader(guest, 'pay')).toBeVisible(LIVE);
    await openFlowStep(guest, 'pay');
    await expect(guest.getByTestId('sponsor-invoice').filter({ hasText: number })).toHaveCount(1, LIVE);

    await page.screenshot({ path: test.info().outputPath(`panel-live-${language}-1280.png`), fullPage: true });
    await guest.screenshot({ path: test.info().outputPath(`sponsor-live-${language}-375.png`), fullPage: true });
    await guest.context().close();
  });
}
