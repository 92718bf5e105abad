// Shipments (issue 59 point 6, decision 082) against the production build, in one world: a confirmed
// sponsorship with a booth; the sponsor announces a parcel from the invitation link on a 375 px phone
// in German (first an empty form, refused field by field); the organiser (English, 1280 px) makes the
// venue link in the fulfilment area; two people at the venue open it on their phones (English and
// German); the first marks the parcel received with a name and a camera photo, the second, a moment
// later, is told who was quicker; the sponsor sees "received" with the photo without reloading, the
// organiser sees it too; a revoked link gets its own page. axe on every new screen.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { openEventArea } from '../support/event-workspace.ts';
import { makePng } from '../support/png.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';
import {
  confirmedSponsorship,
  createWorld,
  expectNoSideScroll as noSideScroll,
  openPhone as phone,
} from '../support/world.ts';

test('a sponsor announces a parcel from a phone, the venue marks it received with a photo, both sides see it', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const shot = (p: Page, name: string) => p.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  const title = `Hafenfest ${Date.now()}`;
  const world = await createWorld(page, {
    language: 'en',
    event: { title, location: 'Speicherstadt' },
    benefits: [{ title: 'Messestand', kind: 'booth', due_date: '2030-06-30', sponsor_delivers: true }],
  });
  const event = world.event;
  const { link } = await confirmedSponsorship(page, world, { prefix: 'parcels' });

  // The sponsor on a phone, in German: an empty form is refused field by field, then the parcel.
  const sponsor = await phone(browser, 'de', link);
  const card = (await openFlowStep(sponsor, 'deliver')).getByRole('region', {
    name: 'Pakete an den Veranstaltungsort',
  });
  await expect(card.getByText('Noch keine Pakete angekündigt.')).toBeVisible();
  await card.getByRole('button', { name: 'Paket ankündigen' }).click();
  await expect(
    card.getByText('Bitte geben Sie den Versanddienstleister an (zum Beispiel DHL oder UPS).'),
  ).toBeVisible();
  await expect(card.getByText('Bitte geben Sie die Sendungsnummer oder den Link')).toBeVisible();
  await expect(card.getByLabel('Versanddienstleister')).toBeFocused();
  await card.getByLabel('Anzahl der Pakete').fill('0');
  await card.getByRole('button', { name: 'Paket ankündigen' }).click();
  await expect(card.getByText('Bitte geben Sie eine ganze Zahl von 1 bis 99 an.')).toBeVisible();
  await card.getByLabel('Versanddienstleister').fill('DHL');
  await card.getByLabel('Sendungsnummer oder Link').fill('00340434161094042557');
  await card.getByLabel('Anzahl der Pakete').fill('2');
  // The app's own date field in the German order, not the browser's native input (issue 58).
  const expected = card.getByRole('textbox', { name: 'Erwartete Zustellung (optional)' });
  await expect(expected).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
  await expected.fill('01.07.2030');
  await card.getByRole('button', { name: 'Paket ankündigen' }).click();
  const parcel = card.getByTestId('shipment');
  await expect(parcel).toHaveAttribute('data-state', 'announced');
  await expect(parcel).toContainText('2 Pakete');
  await expect(parcel).toContainText('Angekündigt, noch nicht angekommen');
  await expect(card.getByText('Bitte geben Sie', { exact: false })).toHaveCount(0);
  await noSideScroll(sponsor);
  await expectAccessible(sponsor, 'sponsor shipments de');
  await shot(sponsor, 'sponsor-announced-de-375');

  // The organiser makes the venue link and sees the parcel.
  await openEventArea(page, event.id, 'fulfilment');
  const shipments = page.getByRole('region', { name: 'Shipments' });
  await expect(shipments.getByTestId('event-shipment')).toContainText('Announced, not yet received');
  await shipments.getByRole('button', { name: 'Create venue link' }).click();
  const url = await shipments.getByTestId('venue-link-url').inputValue();
  expect(url).toMatch(/\/venue\/[A-Za-z0-9_-]{43}$/);
  await expect(shipments.getByRole('button', { name: 'Revoke link' })).toBeVisible();
  await expectAccessible(page, 'organiser shipments en');
  await shot(page, 'organiser-link-en-1280');
  const venuePath = new URL(url).pathname;

  // Two people at the venue open the link; the first marks the parcel received with a photo.
  const [first, second] = [await phone(browser, 'en', venuePath), await phone(browser, 'de', venuePath)];
  await expect(first.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(second.getByTestId('venue-shipment')).toHaveAttribute('data-state', 'announced');
  await first.getByRole('button', { name: 'Mark received' }).click();
  await first.getByLabel('Your name (optional)').fill('Kim Lager');
  const photo = first.getByLabel('Photo (optional)');
  await expect(photo).toHaveAttribute('capture', 'environment');
  await photo.setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: makePng(1200, 900, [160, 110, 60]) });
  await first.getByRole('button', { name: 'Confirm receipt' }).click();
  const received = first.getByTestId('venue-shipment');
  await expect(received).toHaveAttribute('data-state', 'received');
  await expect(received).toContainText('by Kim Lager');
  await expect(received.getByRole('img', { name: 'Photo of the received parcel (DHL)' })).toBeVisible();
  await noSideScroll(first);
  await expectAccessible(first, 'venue received en');
  await shot(first, 'venue-received-en-375');
  await first.setViewportSize({ width: 1280, height: 800 });
  await shot(first, 'venue-received-en-1280');
  await first.setViewportSize({ width: 375, height: 800 });

  // The second person, whose page still shows the parcel as expected, is told who was quicker.
  await second.getByRole('button', { name: 'Als angekommen markieren' }).click();
  await second.getByRole('button', { name: 'Empfang bestätigen' }).click();
  await expect(second.getByText('Jemand anderes hat dieses Paket bereits als angekommen markiert')).toBeVisible();
  await expect(second.getByTestId('venue-shipment')).toContainText('angenommen von Kim Lager');
  await expectAccessible(second, 'venue already received de');
  await shot(second, 'venue-already-de-375');

  // The sponsor sees it arrive without reloading, with the photo; the organiser too.
  await expect(parcel).toHaveAttribute('data-state', 'received', { timeout: 15_000 });
  await expect(parcel).toContainText('angenommen von Kim Lager');
  await expect(parcel.getByRole('img', { name: 'Foto des angekommenen Pakets (DHL)' })).toBeVisible();
  await shot(sponsor, 'sponsor-received-de-375');
  await expect(shipments.getByTestId('event-shipment')).toContainText('by Kim Lager', { timeout: 15_000 });
  await expect(shipments.getByText('1 of 1 shipments received')).toBeVisible();
  await expect(shipments.getByRole('img', { name: 'Photo of the received parcel (DHL)' })).toBeVisible();
  await shot(page, 'organiser-received-en-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await noSideScroll(page);
  await shot(page, 'organiser-received-en-375');

  // Revoked: the venue's link opens a page that says so.
  await shipments.getByRole('button', { name: 'Revoke link' }).click();
  await expect(shipments.getByText('There is no active link.', { exact: false })).toBeVisible();
  await first.reload();
  await expect(first.getByRole('heading', { name: 'This link has been revoked' })).toBeVisible();
  await expectAccessible(first, 'venue revoked en');
  await shot(first, 'venue-revoked-en-375');
  await second.goto('/venue/unbekannt');
  await expect(second.getByRole('heading', { name: 'Dieser Link funktioniert nicht' })).toBeVisible();
  await shot(second, 'venue-unknown-de-375');
  for (const p of [sponsor, first, second]) await p.context().close();
});
