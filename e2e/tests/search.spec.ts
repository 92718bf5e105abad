// The header's search against the production build: it finds the organiser's own event (and not
// another organisation's), is driven by the keyboard, and opens the hit's page.
import { expect, test } from '@playwright/test';
import { createUser, signInOnboardedUser } from '../support/session.ts';

test('the header search finds own events only and opens them with the keyboard', async ({ page, request }) => {
  const stamp = Date.now();
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  const created = await page.request.post('/api/event/-1', {
    headers: auth,
    data: { title: `Lichterfest ${stamp}`, event_date: '2030-12-01', location: 'Altstadt', description: 'Advent.' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const event = (await created.json()) as { id: number };

  // Another organisation's event with the same word stays invisible.
  const other = await createUser(request);
  const otherAuth = { Authorization: `Bearer ${other.tokens.accessToken}` };
  const onboarded = await request.post('/api/user-profile', {
    headers: otherAuth,
    data: {
      role: 'veranstalter',
      organisation_name: 'Andere Organisation',
      street: 'Weg',
      house_number: '1',
      postal_code: '12345',
      city: 'Köln',
      country: 'DE',
    },
  });
  expect(onboarded.ok(), await onboarded.text()).toBe(true);
  await request.post('/api/event/-1', {
    headers: otherAuth,
    data: {
      title: `Lichterfest fremd ${stamp}`,
      event_date: '2030-12-02',
      location: 'Dom',
      description: 'Nicht meins.',
    },
  });

  await page.goto('/dashboard/organizer/');
  await page.getByRole('button', { name: 'Suche' }).click();
  const box = page.getByRole('combobox', { name: 'Suchbegriff' });
  await box.fill(`lichterfest ${stamp}`);
  const options = page.getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText(`Lichterfest ${stamp}`);
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/edit-event/${event.id}$`));

  await page.getByRole('button', { name: 'Suche' }).click();
  await page.getByRole('combobox', { name: 'Suchbegriff' }).fill('gibt es nicht');
  await expect(page.getByText('Keine Treffer für „gibt es nicht“.')).toBeVisible();
});

test('/dashboard/organizer/event/{name} opens the own event of that title, and only that', async ({ page }) => {
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const title = `Erntedank ${Date.now()}`;
  const created = await page.request.post('/api/event/-1', {
    headers: { Authorization: `Bearer ${organiser.tokens.accessToken}` },
    data: { title, event_date: '2030-10-04', location: 'Kirchplatz', description: 'Herbst.' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const event = (await created.json()) as { id: number };

  await page.goto(`/dashboard/organizer/event/${encodeURIComponent(title.toUpperCase())}`);
  await expect(page).toHaveURL(new RegExp(`/edit-event/${event.id}$`));
  await page.goto(`/dashboard/organizer/event/${encodeURIComponent(`${title} gibt es nicht`)}`);
  await expect(page.getByRole('heading', { name: 'Event nicht gefunden' })).toBeVisible();
});
