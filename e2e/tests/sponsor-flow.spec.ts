// The sponsor's page as a guided flow (issue 58 point 2, decision 072): a guest with the invitation
// link on a 375 px phone sees numbered steps from the real state, the current one open, done ones
// folded to one line, the later one locked with what it waits for; the language switch on the page
// turns the same flow into English. Screenshots at 375 and 1280 px in both languages.
import { expect, test, type Browser } from '@playwright/test';
import { createEventWithAgreement } from '../support/events.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { flowStepHeader, openFlowStep } from '../support/sponsor-flow.ts';
import { guestOfLink } from '../support/sponsorships.ts';

async function phone(browser: Browser, width = 375) {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width, height: 800 } });
  await context.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'de');
  });
  return context.newPage();
}

test('a guest on a phone walks the numbered steps, in German and in English', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
    title: `Sommerfest ${Date.now()}`,
    event_date: '2030-07-04',
    location: 'Marktplatz',
    description: 'Fest.',
  });
  // The generated agreement: signing waits for the package and the details, as the server does.
  const settings = await page.request.put(`/api/events/${event.id}/agreement-settings`, {
    headers: auth,
    data: { mode: 'generated', clauses: '', payment_term_days: 14, members_may_countersign: false },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const pack = await page.request.post(`/api/event/${event.id}/packages`, {
    headers: auth,
    data: { name: 'Gold', description: 'Logo auf dem Plakat', price_cents: 100_000, capacity: 3, benefits: [] },
  });
  expect(pack.status(), await pack.text()).toBe(201);
  const packageId = ((await pack.json()) as { id: number }).id;
  const invited = await page.request.post('/api/sponsor-invitation', {
    headers: auth,
    data: { email: uniqueEmail('flow'), event_id: event.id, package_ids: [packageId] },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { url: link, sponsorId } = (await invited.json()) as { url: string; sponsorId: number };

  const guest = await phone(browser);
  await guest.goto(link);
  const steps = guest.getByTestId('flow-step');
  await expect(steps).toHaveCount(3);
  await expect(flowStepHeader(guest, 'package')).toHaveAttribute('aria-expanded', 'true');
  await expect(flowStepHeader(guest, 'package')).toContainText('1');
  await expect(flowStepHeader(guest, 'package')).toContainText('Ihr nächster Schritt');
  await expect(flowStepHeader(guest, 'details')).toHaveAttribute('aria-expanded', 'false');
  await expect(flowStepHeader(guest, 'sign')).toContainText('Wartet darauf, dass Sie ein Paket wählen');
  await expect(flowStepHeader(guest, 'sign')).toHaveAttribute('aria-disabled', 'true');
  await guest.getByRole('button', { name: 'Dieses Paket wählen' }).click();
  await expect(guest.getByTestId('offered-package')).toContainText('Gewählt');
  // The details are next and open by themselves; the form is there once, on the whole page.
  await expect(flowStepHeader(guest, 'details')).toHaveAttribute('aria-expanded', 'true');
  await expect(guest.getByRole('form', { name: 'Rechnungs- und Vertragsdaten' })).toHaveCount(1);
  await expect(flowStepHeader(guest, 'sign')).toContainText('Wartet auf Ihre Rechnungs- und Vertragsdaten');

  const legal = await page.request.put('/api/sponsor-profile/legal', {
    headers: { Authorization: guestOfLink(link).authorization },
    data: {
      legal_name: 'Muster Brauerei GmbH',
      street: 'Brauweg',
      house_number: '7',
      postal_code: '80331',
      city: 'München',
      country: 'DE',
      vat_id: '',
      billing_email: '',
      language: 'de',
    },
  });
  expect(legal.ok(), await legal.text()).toBe(true);
  expect(sponsorId).toBeGreaterThan(0);

  // Reloaded: the done steps fold to one line, the package can still change, signing is open.
  for (const language of ['de', 'en'] as const) {
    await guest.reload();
    const word =
      language === 'de'
        ? { change: 'Ändern', sign: 'Vereinbarung unterschreiben' }
        : { change: 'Change', sign: 'Sign the agreement' };
    await expect(flowStepHeader(guest, 'package')).toHaveAttribute('aria-expanded', 'false');
    await expect(flowStepHeader(guest, 'package')).toContainText('Gold');
    await expect(flowStepHeader(guest, 'package')).toContainText(word.change);
    await expect(flowStepHeader(guest, 'details')).toContainText('Muster Brauerei GmbH');
    await expect(flowStepHeader(guest, 'sign')).toHaveAttribute('aria-expanded', 'true');
    await expect(guest.getByTestId('agreement-card').getByRole('button', { name: word.sign })).toBeVisible();
    // Keyboard: the folded header opens with Enter.
    await flowStepHeader(guest, 'package').focus();
    await guest.keyboard.press('Enter');
    await expect(flowStepHeader(guest, 'package')).toHaveAttribute('aria-expanded', 'true');
    await guest.keyboard.press('Enter');
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await guest.screenshot({ path: test.info().outputPath(`flow-${language}-375.png`), fullPage: true });
    await guest.setViewportSize({ width: 1280, height: 900 });
    await guest.screenshot({ path: test.info().outputPath(`flow-${language}-1280.png`), fullPage: true });
    await guest.setViewportSize({ width: 375, height: 800 });
    if (language === 'de') {
      // The language switch on the page itself.
      await guest.getByTestId('language-switch').getByText('English').click();
      await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Thank you for your interest!');
      await expect(flowStepHeader(guest, 'sign')).toContainText('3');
      await expect(flowStepHeader(guest, 'sign')).toContainText('Sign the agreement');
    }
  }
  await openFlowStep(guest, 'details');
  await expect(guest.getByRole('form', { name: 'Billing and contract details' })).toHaveCount(1);
  await guest.context().close();
});
