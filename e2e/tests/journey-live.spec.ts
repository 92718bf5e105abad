// Issue 58, done-when: the journey organiser → sponsor on a phone → organiser → public wall, without a
// reload anywhere. The organiser's sponsorship panel and the sponsor's page (a 375 px guest) stay open
// side by side; every step of one party shows up on the other's screen from the live stream
// (decision 078). Each page counts the documents it loads after its one `goto`: none may follow, and
// `page.reload` fails. One test per language, the set-up that is not the journey's through the API.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { openSponsorship } from '../support/event-workspace.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { saveBillingSettings } from '../support/invoices.ts';
import { enterLegalDetails } from '../support/legal-details.ts';
import { watchDocumentLoads } from '../support/no-reload.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { drawWithFinger, drawWithMouse } from '../support/signature.ts';
import { flowStepHeader, openFlowStep, openSponsorProfile } from '../support/sponsor-flow.ts';

const TEXT = {
  de: {
    choose: 'Dieses Paket wählen',
    chosen: 'Gewählt',
    sign: 'Vereinbarung unterschreiben',
    countersign: 'Gegenzeichnen',
    fullName: 'Vollständiger Name',
    position: 'Funktion (z. B. Geschäftsführerin)',
    consent: 'Ich habe die Vereinbarung gelesen und unterschreibe sie.',
    submit: 'Verbindlich unterschreiben',
    submitCountersign: 'Verbindlich gegenzeichnen',
    sponsorSigned: 'Vom Sponsor unterschrieben',
    completed: 'Von beiden Parteien unterschrieben',
    confirmed: 'Bestätigt',
    deliverables: 'Leistungen',
    wall: 'Sponsorenwand',
    wallNone: 'Noch kein Sponsor wird gezeigt',
    wallOne: 'Gezeigte Sponsoren: 1',
    wallSwitch: 'Öffentliche Sponsorenwand',
    publicName: 'Öffentlicher Name',
    saveProfile: 'Profil speichern',
    profileSaved: 'Profil gespeichert.',
    showOnWall: /auf der Sponsorenwand zeigen/,
  },
  en: {
    choose: 'Choose this package',
    chosen: 'Chosen',
    sign: 'Sign the agreement',
    countersign: 'Countersign',
    fullName: 'Full name',
    position: 'Position (e.g. managing director)',
    consent: 'I have read the agreement and sign it.',
    submit: 'Sign with binding effect',
    submitCountersign: 'Countersign with binding effect',
    sponsorSigned: 'Signed by the sponsor',
    completed: 'Signed by both parties',
    confirmed: 'Confirmed',
    deliverables: 'Deliverables',
    wall: 'Sponsor wall',
    wallNone: 'No sponsor is shown yet',
    wallOne: 'Sponsors shown: 1',
    wallSwitch: 'Public sponsor wall',
    publicName: 'Public name',
    saveProfile: 'Save profile',
    profileSaved: 'Profile saved.',
    showOnWall: /show on the sponsor wall/,
  },
} as const;
type Text = (typeof TEXT)[keyof typeof TEXT];

/** What a live update may take on a busy machine; far below the 30 s fallback polling. */
const LIVE = { timeout: 10_000 };

const streamOpened = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stream');

async function phone(browser: Browser, language: 'de' | 'en') {
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width: 375, height: 800 },
    hasTouch: true,
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  return context.newPage();
}

/** Fills the signing dialog (name, position, drawing, consent) and signs. */
async function sign(
  page: Page,
  text: Text,
  who: { name: string; submit: string },
  draw: (pad: Locator) => Promise<void>,
) {
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('signature-pad') });
  await dialog.getByLabel(text.fullName).fill(who.name);
  await dialog.getByLabel(text.position).fill('Vorstand');
  await draw(dialog.getByTestId('signature-pad'));
  await dialog.getByRole('checkbox', { name: text.consent }).check();
  await dialog.getByRole('button', { name: who.submit }).click();
  await expect(dialog).toHaveCount(0);
}

for (const language of ['de', 'en'] as const) {
  test(`organiser, sponsor on a phone, organiser, public wall: live, no reload (${language})`, async ({
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
      title: `Live-Lauf ${Date.now()}`,
      event_date: '2030-07-04',
      location: 'Stadtpark',
      description: 'Lauf.',
    });
    await saveBillingSettings(page, token, event.organisation_id);
    const settings = await page.request.put(`/api/events/${event.id}/agreement-settings`, {
      headers: auth,
      data: { mode: 'generated', clauses: '', payment_term_days: 14, members_may_countersign: false },
    });
    expect(settings.ok(), await settings.text()).toBe(true);
    const pkg = await page.request.post(`/api/event/${event.id}/packages`, {
      headers: auth,
      data: {
        name: 'Gold',
        price_cents: 250_000,
        capacity: null,
        benefits: [{ title: 'Vortrag', kind: 'talk', due_date: '2030-06-01', sponsor_delivers: true }],
      },
    });
    expect(pkg.ok(), await pkg.text()).toBe(true);
    const email = uniqueEmail('journey');
    const invited = await page.request.post('/api/sponsor-invitation', {
      headers: auth,
      data: { email, event_id: event.id, package_ids: [((await pkg.json()) as { id: number }).id] },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const { url: link, sponsorId } = (await invited.json()) as { url: string; sponsorId: number };

    // The organiser: the sponsorship's panel in the event's sponsors area, the one document it loads.
    const organiserLive = streamOpened(page);
    const panel = await openSponsorship(page, event.id, email);
    await organiserLive;
    const organiserLoads = watchDocumentLoads(page);
    const organiserCard = panel.getByTestId('agreement-card');
    await expect(organiserCard.getByRole('button', { name: text.countersign })).toHaveCount(0);

    // The sponsor on a phone: package, details, signature with a finger.
    const sponsor = await phone(browser, language);
    const sponsorLive = streamOpened(sponsor);
    await sponsor.goto(link);
    await sponsorLive;
    const sponsorLoads = watchDocumentLoads(sponsor);
    const offered = sponsor.getByTestId('offered-package').filter({ hasText: 'Gold' });
    await offered.getByRole('button', { name: text.choose }).click();
    await expect(offered).toContainText(text.chosen);
    await enterLegalDetails(await openFlowStep(sponsor, 'details'), language);
    const card = (await openFlowStep(sponsor, 'sign')).getByTestId('agreement-card');
    await card.getByRole('button', { name: text.sign }).click();
    await sign(sponsor, text, { name: 'Erika Mustermann', submit: text.submit }, (pad) => drawWithFinger(sponsor, pad));
    await expect(card.getByTestId('agreement-state')).toHaveText(text.sponsorSigned);

    // The organiser's open panel follows and countersigns; the deliverables appear in the panel and
    // on the sponsor's page, without a reload on either side.
    await expect(organiserCard.getByTestId('agreement-state')).toHaveText(text.sponsorSigned, LIVE);
    await organiserCard.getByRole('button', { name: text.countersign }).click(LIVE);
    await sign(page, text, { name: 'Max Vorstand', submit: text.submitCountersign }, (pad) => drawWithMouse(page, pad));
    await expect(organiserCard.getByTestId('agreement-state')).toHaveText(text.completed);
    const deliverables = page.getByRole('dialog').getByRole('region', { name: text.deliverables });
    await expect(deliverables.getByRole('listitem').filter({ hasText: 'Vortrag' })).toHaveCount(1, LIVE);
    await expect(sponsor.getByText(text.confirmed, { exact: true }).first()).toBeVisible(LIVE);
    await expect(flowStepHeader(sponsor, 'deliver')).toBeVisible(LIVE);
    await openFlowStep(sponsor, 'deliver');
    await expect(sponsor.getByTestId('sponsor-deliverable').filter({ hasText: 'Vortrag' })).toHaveCount(1, LIVE);

    // The organiser issues the invoice: it reaches the sponsor's pay step.
    const draft = await page.request.post(`/api/sponsorships/${sponsorId}/invoices`, { headers: auth });
    expect(draft.ok(), await draft.text()).toBe(true);
    const invoiceId = ((await draft.json()) as { invoice: { id: number } }).invoice.id;
    const issued = await page.request.post(`/api/invoices/${invoiceId}/issue`, { headers: auth });
    expect(issued.ok(), await issued.text()).toBe(true);
    const number = ((await issued.json()) as { invoice: { number: string } }).invoice.number;
    await expect(flowStepHeader(sponsor, 'pay')).toBeVisible(LIVE);
    await openFlowStep(sponsor, 'pay');
    await expect(sponsor.getByTestId('sponsor-invoice').filter({ hasText: number })).toHaveCount(1, LIVE);

    // The organiser moves to the wall area (in the app): nobody shown yet. The sponsor names itself and
    // agrees to be shown; the organiser's count follows, and the organiser switches the wall on.
    await page.keyboard.press('Escape');
    await page
      .getByRole('navigation', { name: /Bereiche dieses Events|Areas of this event/ })
      .getByRole('link', { name: text.wall, exact: true })
      .click();
    const wallCard = page.getByTestId('sponsor-wall-card');
    await expect(wallCard.getByTestId('sponsor-wall-count')).toContainText(text.wallNone);
    const profile = await openSponsorProfile(sponsor);
    await profile.getByLabel(text.publicName).fill('Brauerei Live');
    await profile.getByRole('button', { name: text.saveProfile }).click();
    await expect(sponsor.getByText(text.profileSaved)).toBeVisible();
    await profile.getByRole('checkbox', { name: text.showOnWall }).check();
    await expect(profile.getByRole('checkbox', { name: text.showOnWall })).toBeChecked();
    await expect(wallCard.getByTestId('sponsor-wall-count')).toHaveText(text.wallOne, LIVE);
    await wallCard.getByRole('switch', { name: text.wallSwitch }).check();
    await expect(wallCard.getByTestId('sponsor-wall-embed')).toBeVisible();

    // The public wall, signed out.
    const visitor = await browser.newPage({ locale: language === 'de' ? 'de-DE' : 'en-GB' });
    await visitor.goto(`/sponsors/${event.id}`);
    await expect(visitor.getByText('Brauerei Live').first()).toBeVisible();

    expect(organiserLoads.loads(), 'the organiser loaded no document again').toBe(0);
    expect(sponsorLoads.loads(), 'the sponsor loaded no document again').toBe(0);
    await page.screenshot({ path: test.info().outputPath(`organiser-${language}-1280.png`), fullPage: true });
    await sponsor.screenshot({ path: test.info().outputPath(`sponsor-${language}-375.png`), fullPage: true });
    await visitor.close();
    await sponsor.context().close();
  });
}
