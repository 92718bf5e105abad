// Issue 58, point 4 ("one truth per term") against the production build, in German and in English:
// a new event chooses the generated agreement and is saved without a PDF; once the guest sponsor has
// signed in the browser, the organiser's open task says "gegenzeichnen" / "countersign" as the button
// does, the sponsors table names the sponsor by its organisation (the address beneath) and its badge
// says "signed in the browser", not "signed copy submitted"; after the countersignature the mail with
// the sealed agreement gives the guest a link that opens their sponsorship page, not a sign-in, where
// the agreement reads "signed by both parties" (docs/glossary.md's words).
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openEventArea, openSponsorship } from '../support/event-workspace.ts';
import { listMails } from '../support/mailbox.ts';
import { guestOfLink } from '../support/sponsorships.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';

type Language = 'de' | 'en';

const TEXT = {
  de: {
    title: 'Titel',
    date: 'Datum',
    location: 'Ort',
    description: 'Beschreibung',
    pdf: 'Sponsoring-Vereinbarung (PDF)',
    generated: /Erzeugte Vereinbarung/,
    notNeeded: 'Eine eigene PDF-Datei ist nicht nötig',
    save: 'Speichern',
    saved: 'Event wurde gespeichert!',
    task: (sponsor: string) => `${sponsor} hat unterschrieben – gegenzeichnen:`,
    countersign: 'Gegenzeichnen',
    signedInBrowser: 'Im Browser unterschrieben',
    uploaded: 'Unterschrieben eingereicht',
    completed: 'Von beiden Parteien unterschrieben',
    chose: (sponsor: string) => `${sponsor} hat gewählt: Gold`,
  },
  en: {
    title: 'Title',
    date: 'Date',
    location: 'Location',
    description: 'Description',
    pdf: 'Sponsorship agreement (PDF)',
    generated: /Generated agreement/,
    notNeeded: 'no PDF of your own is needed',
    save: 'Save',
    saved: 'Event saved!',
    task: (sponsor: string) => `${sponsor} has signed – countersign:`,
    countersign: 'Countersign',
    signedInBrowser: 'Signed in the browser',
    uploaded: 'Signed copy submitted',
    completed: 'Signed by both parties',
    chose: (sponsor: string) => `${sponsor} chose: Gold`,
  },
} as const;

const LEGAL_NAME = { de: 'Süßwaren Korn GmbH', en: 'Korn Sweets Ltd' } as const;

const SHOTS = process.env.E2E_SHOTS ?? path.join('test-results', 'one-truth');

/** The page at 1280 and at 375 px wide (then back to 1280). */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The link in the mail that brought the sealed agreement (not the invitation's). */
async function sealedMailLink(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await listMails()).find(
      (m) =>
        m.to.toLowerCase() === email.toLowerCase() && /Signed sponsorship agreement|Unterschriebene/.test(m.subject),
    );
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No sealed agreement mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function guestPage(browser: Browser, language: Language): Promise<Page> {
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width: 375, height: 900 },
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  return context.newPage();
}

for (const language of ['de', 'en'] as const) {
  test(`one word per state and a guest's link that works (${language})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    const organiser = await signInOnboardedUser(page, { role: 'veranstalter', language });
    const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };

    // A new event with the generated agreement: no PDF asked for, none uploaded.
    await page.goto('/create-event/');
    const title = `Straßenfest ${language} ${Date.now()}`;
    await page.getByLabel(text.title).fill(title);
    await page.getByLabel(text.date).pressSequentially('04072030');
    await page.getByLabel(text.location).fill('Marktplatz');
    await page.getByLabel(text.description).fill('Fest');
    await page.getByRole('radio', { name: text.generated }).check();
    await expect(page.getByLabel(text.pdf)).toHaveCount(0);
    await expect(page.getByTestId('event-pdf-not-needed')).toContainText(text.notNeeded);
    await shoot(page, `create-event-generated-${language}`);
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await expect(page.getByText(text.saved)).toBeVisible();
    const profile = await (await page.request.get(`/api/user-profile/${organiser.sub}`, { headers: auth })).json();
    const organisationId = (profile.user ?? profile).organisation_id as number;
    const events = (await (
      await page.request.get(`/api/events/${organisationId}`, { headers: auth })
    ).json()) as Array<{
      id: number;
      title: string;
      files: unknown[];
    }>;
    const event = events.find((e) => e.title === title)!;
    expect(event.files).toEqual([]);
    const settings = await (
      await page.request.get(`/api/events/${event.id}/agreement-settings`, { headers: auth })
    ).json();
    expect(settings.mode).toBe('generated');

    // A package, an invited guest who chooses it, enters the legal details and signs in the browser.
    const pack = await page.request.post(`/api/event/${event.id}/packages`, {
      headers: auth,
      data: { name: 'Gold', description: '', price_cents: 100_000, capacity: null, benefits: [] },
    });
    expect(pack.status(), await pack.text()).toBe(201);
    const packageId = ((await pack.json()) as { id: number }).id;
    const email = uniqueEmail(`truth-${language}`);
    const invited = await page.request.post('/api/sponsor-invitation', {
      headers: auth,
      data: { email, event_id: event.id, package_ids: [packageId] },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const { authorization } = guestOfLink(((await invited.json()) as { url: string }).url);
    const sponsorshipId = ((await invited.json()) as { sponsorId: number }).sponsorId;
    const asGuest = { Authorization: authorization };
    const chosen = await page.request.post(`/api/sponsorships/${sponsorshipId}/package`, {
      headers: asGuest,
      data: { package_id: packageId },
    });
    expect(chosen.ok(), await chosen.text()).toBe(true);
    const legal = await page.request.put('/api/sponsor-profile/legal', {
      headers: asGuest,
      data: {
        legal_name: LEGAL_NAME[language],
        street: 'Ring',
        house_number: '2',
        postal_code: '50667',
        city: 'Köln',
        country: 'DE',
        vat_id: null,
        billing_email: null,
        language,
      },
    });
    expect(legal.ok(), await legal.text()).toBe(true);
    const state = await (
      await page.request.get(`/api/sponsorships/${sponsorshipId}/agreement`, { headers: asGuest })
    ).json();
    const sign = (headers: Record<string, string>) =>
      page.request.post(`/api/sponsorships/${sponsorshipId}/agreement/signatures`, {
        headers,
        data: { document_sha256: state.document_sha256, full_name: 'Erika Korn', position: 'CEO', consent: true },
      });
    expect((await sign(asGuest)).status()).toBe(201);

    // The organiser's task says the step the button says, and names the sponsor by its organisation.
    await page.goto('/dashboard/organizer/');
    await expect(page.getByText(text.task(LEGAL_NAME[language]))).toBeVisible();

    // The sponsors table names the sponsor by its organisation, the address beneath, signed in the browser.
    await openEventArea(page, event.id, 'sponsors');
    const row = page.getByTestId('sponsor-row').filter({ has: page.getByText(email, { exact: true }) });
    await expect(row.getByRole('button')).toHaveText(LEGAL_NAME[language]);
    await expect(row.getByTestId('sponsor-email')).toHaveText(email);
    await expect(row).toContainText(text.signedInBrowser);
    await expect(row).not.toContainText(text.uploaded);
    await shoot(page, `sponsors-${language}`);
    const panel = await openSponsorship(page, event.id, email);
    await expect(panel.getByRole('button', { name: text.countersign, exact: true })).toBeVisible();
    // The panel's history names the sponsor by its organisation as the table does, not by the address.
    const history = panel.getByTestId('sponsorship-activity');
    await expect(history).toContainText(text.chose(LEGAL_NAME[language]));
    await expect(history).not.toContainText(email);

    // Countersigned: the guest's mail leads to their sponsorship page, which says signed by both parties.
    expect((await sign(auth)).status()).toBe(201);
    const link = await sealedMailLink(email);
    expect(link).not.toContain('/dashboard-sponsor');
    const guest = await guestPage(browser, language);
    await guest.goto(link);
    await expect(guest).toHaveURL(/\/invite-sponsor\//);
    await openFlowStep(guest, 'sign');
    await expect(guest.getByTestId('agreement-state')).toHaveText(text.completed);
    await guest.getByTestId('agreement-state').scrollIntoViewIfNeeded();
    await guest.screenshot({ path: path.join(SHOTS, `guest-completed-${language}-375.png`) });
    await guest.context().close();
  });
}
