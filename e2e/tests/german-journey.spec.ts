// German throughout the German UI (issue 21, point 2) against the production build: a German user
// goes register → onboard → event → team → sponsor → chat → profile → logout, and no screen on the
// way (nor its toasts, labels, title and meta description) shows an English sentence or word.
import { expect, test, type Page } from '@playwright/test';
import { createInvitationCode } from '../support/admin.ts';
import { englishOn, expectNoEnglish } from '../support/english.ts';
import { waitForCode, waitForMailLink } from '../support/mailbox.ts';
import { makePdf } from '../support/pdf.ts';
import { PASSWORD, uniqueEmail } from '../support/session.ts';

const SIGN_UP_SUBJECT = /Bestätigungscode|confirmation code/i;

async function seen(page: Page, screen: string, ready: string | RegExp) {
  await expect(page.getByText(ready).first()).toBeVisible();
  await expectNoEnglish(page, screen);
}

test('a German user meets no English from registration to logout', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('deutsch');

  await page.goto('/register/');
  await seen(page, 'register', 'Herzlich Willkommen');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Einladungscode').fill(createInvitationCode());
  await page.getByRole('button', { name: 'Jetzt registrieren' }).click();
  await seen(page, 'verify', 'Registrierung erfolgreich!');
  await page.getByLabel('Bestätigungscode').fill(await waitForCode(email, SIGN_UP_SUBJECT));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await seen(page, 'login', 'Bestätigung erfolgreich! Sie können sich jetzt anmelden.');
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await seen(page, 'onboarding', 'Login erfolgreich!');

  await page.getByText('Veranstalter', { exact: true }).click();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await seen(page, 'onboarding master data', 'Angaben zu Ihrer Organisation');
  await page.getByLabel('Name der Organisation').fill('Kulturverein Nord e. V.');
  await page.getByLabel('Straße').fill('Am Markt');
  await page.getByLabel('Hausnummer').fill('3');
  await page.getByLabel('PLZ').fill('20095');
  await page.getByLabel('Ort').fill('Hamburg');
  await page.getByRole('button', { name: 'Onboarding abschließen' }).click();
  await seen(page, 'organiser dashboard', 'Onboarding abgeschlossen!');

  await page.goto('/create-event/');
  await seen(page, 'create event', 'Titel');
  await page.getByLabel('Titel').fill('Hafenfest 2030');
  await page.getByLabel('Datum').fill('03.10.2030');
  await page.getByLabel('Ort').fill('Hafen');
  await page.getByLabel('Beschreibung').fill('Musik am Wasser.');
  await page
    .getByLabel('Sponsoring-Vereinbarung (PDF)')
    .setInputFiles({ name: 'Vertrag.pdf', mimeType: 'application/pdf', buffer: makePdf('Vertrag') });
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await seen(page, 'events', 'Event wurde gespeichert!');
  await page.getByRole('link', { name: 'Hafenfest 2030' }).click();
  await seen(page, 'event', 'Hafenfest 2030');
  // The event opens on its overview; sponsors are invited in its sponsors area, one click away.
  await page
    .getByRole('navigation', { name: 'Bereiche dieses Events' })
    .getByRole('link', { name: 'Sponsoren', exact: true })
    .click();
  await seen(page, 'event sponsors', 'Noch keine Sponsoren eingeladen.');

  const sponsorEmail = uniqueEmail('sponsor');
  await page.getByLabel('E-Mail des Sponsors').fill(sponsorEmail);
  await page.getByRole('button', { name: 'Einladen', exact: true }).click();
  await seen(page, 'sponsor invited', 'Einladung erfolgreich versendet!');

  await page.goto('/dashboard/organizer/team');
  await page.getByLabel('E-Mail-Adresse').fill(uniqueEmail('kollegin'));
  await page.getByRole('button', { name: 'Einladung senden' }).click();
  await seen(page, 'team', 'Einladung erfolgreich versendet!');

  // The sponsor, as a guest in a browser of their own (German by default).
  const link = await waitForMailLink(sponsorEmail, /https?:\/\/\S+\/invite-sponsor\/\?\S+/);
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(link);
  await seen(guest, 'sponsor invitation page', 'Hafenfest 2030');
  await guest.goto(link.replace('/invite-sponsor/', '/chats-sponsor/'));
  await guest.getByRole('button', { name: /Kulturverein Nord/ }).click();
  await guest.getByRole('textbox', { name: 'Nachricht' }).fill('Wir sind dabei.');
  await guest.getByRole('textbox', { name: 'Nachricht' }).press('Enter');
  await seen(guest, 'guest chat', 'Wir sind dabei.');
  await guest.context().close();

  await page.goto('/chats/');
  await page.getByRole('button', { name: new RegExp(sponsorEmail) }).click();
  await seen(page, 'chat', 'Wir sind dabei.');

  await page.goto('/profile/');
  await seen(page, 'profile', 'Kulturverein Nord e. V.');

  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await seen(page, 'logout', 'Erfolgreich Logout!!');
});

test('the check finds English sentences, raw English messages and labels, and passes German', async ({ page }) => {
  await page.setContent(
    '<main><p>Fehler: Invitation link invalid or expired.</p><button aria-label="Close toast">x</button></main>',
  );
  expect(await englishOn(page)).toEqual(
    expect.arrayContaining([
      'Invitation link invalid or expired.',
      'invalid in "Fehler: Invitation link invalid or expired."',
    ]),
  );
  expect((await englishOn(page)).some((found) => found.includes('Close toast'))).toBe(true);
  await page.setContent('<main><p>Einladungslink ungültig oder abgelaufen.</p><p>Link kopiert</p></main>');
  expect(await englishOn(page)).toEqual([]);
});
