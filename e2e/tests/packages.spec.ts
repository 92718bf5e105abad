// Packages and the last slot (issue 18, points 1-2) against the production build: the organiser builds
// a package with one slot on the event's page, invites two sponsors offering it, sponsor A takes the
// last slot through the invitation link, sponsor B (whose page still shows it) is told it has just sold
// out, and the organiser's sponsor list shows A's package and amount. At 1280 px in German and at
// 375 px in English.
import { expect, test, type Browser } from '@playwright/test';
import { openEventArea, openSponsorship } from '../support/event-workspace.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { waitForMailLink } from '../support/mailbox.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';

const TEXT = {
  de: {
    add: 'Paket anlegen',
    name: 'Name',
    price: 'Preis in EUR (netto)',
    capacity: 'Anzahl (leer = unbegrenzt)',
    addBenefit: 'Leistung hinzufügen',
    benefit: 'Leistung',
    delivers: /Sponsor liefert etwas zu/,
    save: 'Speichern',
    taken: '0 von 1 vergeben',
    email: 'E-Mail des Sponsors',
    invite: 'Einladen',
    sent: 'Einladung erfolgreich versendet!',
    choose: 'Dieses Paket wählen',
    chosen: 'Gewählt',
    soldOut: 'Dieses Paket ist leider ausverkauft.',
    price2500: '2.500,00 €',
    organiserChosen: 'Paket: Gold',
    ownOffer: 'Sie haben angeboten: Gold',
    sponsorChose: (email: string) => `${email} hat gewählt: Gold`,
  },
  en: {
    add: 'Add package',
    name: 'Name',
    price: 'Price in EUR (net)',
    capacity: 'Quantity (empty = unlimited)',
    addBenefit: 'Add benefit',
    benefit: 'Benefit',
    delivers: /The sponsor delivers something/,
    save: 'Save',
    taken: '0 of 1 taken',
    email: "Sponsor's e-mail",
    invite: 'Invite',
    sent: 'Invitation sent successfully!',
    choose: 'Choose this package',
    chosen: 'Chosen',
    soldOut: 'This package has just sold out.',
    price2500: '€2,500.00',
    organiserChosen: 'Package: Gold',
    ownOffer: 'You offered: Gold',
    sponsorChose: (email: string) => `${email} chose: Gold`,
  },
} as const;

async function guestPage(browser: Browser, language: 'de' | 'en', width: number, link: string) {
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width, height: 900 },
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  await page.goto(link);
  return page;
}

for (const { language, width } of [
  { language: 'de', width: 1280 },
  { language: 'en', width: 375 },
] as const) {
  test(`the last slot of a package goes to one sponsor; the other is told it sold out (${language}, ${width} px)`, async ({
    browser,
    page,
  }) => {
    // Two sponsors' pages beside the organiser's packages and sponsors areas: past a minute on a busy machine.
    test.setTimeout(120_000);
    const text = TEXT[language];
    await page.setViewportSize({ width, height: 900 });
    const organiser = await signInOnboardedUser(page, { language });
    const title = `Stadtfest ${Date.now()}`;
    const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
      title,
      event_date: '2030-07-04',
      location: 'Marktplatz',
      description: 'Fest.',
    });

    // The organiser builds a package with one slot on the event's page.
    await openEventArea(page, event.id, 'packages');
    await page.getByRole('button', { name: text.add }).click();
    const form = page.getByRole('form');
    await form.getByLabel(text.name, { exact: true }).fill('Gold');
    await form.getByLabel(text.price).fill('2500');
    await form.getByLabel(text.capacity).fill('1');
    await form.getByRole('button', { name: text.addBenefit }).click();
    await form.getByLabel(text.benefit, { exact: true }).fill('Logo');
    await form.getByLabel(text.delivers).check();
    await form.getByRole('button', { name: text.save }).click();
    const item = page.getByTestId('package-item').filter({ hasText: 'Gold' });
    await expect(item).toContainText(text.taken);
    await expect(item).toContainText(text.price2500);

    // Two sponsors are invited, each offered the package.
    const emails = [uniqueEmail('pkg-a'), uniqueEmail('pkg-b')];
    await openEventArea(page, event.id, 'sponsors');
    for (const email of emails) {
      await page.getByLabel(text.email).fill(email);
      await page.getByRole('checkbox', { name: /Gold/ }).check();
      await page.getByRole('button', { name: text.invite, exact: true }).click();
      await expect(page.getByText(text.sent).first()).toBeVisible();
      await expect(page.getByTestId('sponsor-row').filter({ hasText: email })).toBeVisible();
    }

    // Both open their links; A takes the last slot, then B tries the same.
    const [linkA, linkB] = await Promise.all(
      emails.map((email) => waitForMailLink(email, /https?:\/\/\S+\/invite-sponsor\/\?\S+/)),
    );
    const sponsorA = await guestPage(browser, language, width, linkA!);
    const sponsorB = await guestPage(browser, language, width, linkB!);
    const cardA = sponsorA.getByTestId('offered-package').filter({ hasText: 'Gold' });
    const cardB = sponsorB.getByTestId('offered-package').filter({ hasText: 'Gold' });
    await expect(cardA).toContainText(text.price2500);
    await expect(cardA).toContainText('Logo');
    await expect(cardB.getByRole('button', { name: text.choose })).toBeVisible();

    await cardA.getByRole('button', { name: text.choose }).click();
    await expect(cardA).toContainText(text.chosen);
    await cardB.getByRole('button', { name: text.choose }).click();
    await expect(sponsorB.getByRole('alert').filter({ hasText: text.soldOut })).toBeVisible();
    await expect(cardB.getByRole('button', { name: text.choose })).toHaveCount(0);

    // The organiser sees A's package and amount in the sponsor list.
    await page.reload();
    const rowA = await openSponsorship(page, event.id, emails[0]!);
    await expect(rowA).toContainText(text.organiserChosen);
    await expect(rowA).toContainText(text.price2500);
    // The history: the organiser's own offer as theirs, the sponsor's choice under its address.
    await expect(rowA.getByTestId('sponsorship-activity')).toContainText(text.ownOffer);
    await expect(rowA.getByTestId('sponsorship-activity')).toContainText(text.sponsorChose(emails[0]!));
    const rowB = await openSponsorship(page, event.id, emails[1]!);
    await expect(rowB).not.toContainText(text.organiserChosen);
    const scrollWidth = await sponsorB.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);

    await sponsorA.context().close();
    await sponsorB.context().close();
  });
}
