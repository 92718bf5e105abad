// The event's workspace (issue 58): each area of an event is its own URL under /edit-event/{id};
// a sponsorship's block (decisions, package, agreement, invoices) sits in its detail panel, opened
// from the sponsors table.
import { expect, type Locator, type Page } from '@playwright/test';

export const EVENT_AREAS = [
  'overview',
  'sponsors',
  'packages',
  'readiness',
  'fulfilment',
  'agreement',
  'invoices',
  'wall',
  'renewals',
  'settings',
] as const;
export type EventArea = (typeof EVENT_AREAS)[number];

/** The area's path: the overview is the spec's /edit-event/{id} itself. */
export const eventAreaPath = (eventId: number, area: EventArea = 'overview', search = ''): string =>
  `/edit-event/${eventId}${area === 'overview' ? '' : `/${area}`}${search ? `?${search}` : ''}`;

/** Opens one area of the event by its URL and waits for its heading. */
export async function openEventArea(page: Page, eventId: number, area: EventArea, search = ''): Promise<void> {
  await page.goto(eventAreaPath(eventId, area, search));
  await expect(page.getByRole('navigation', { name: /Bereiche dieses Events|Areas of this event/ })).toBeVisible();
}

/** The open detail panel's sponsorship block (what was one row of the long event page). */
export const sponsorshipPanel = (page: Page): Locator => page.getByRole('dialog').getByTestId('event-sponsorship');

/**
 * Opens the sponsors area (unless it is open) and the detail panel of the sponsorship with that
 * address; answers the panel's sponsorship block.
 */
export async function openSponsorship(page: Page, eventId: number, email: string): Promise<Locator> {
  if (!new URL(page.url()).pathname.endsWith(`/edit-event/${eventId}/sponsors`)) {
    await openEventArea(page, eventId, 'sponsors');
  } else if ((await page.getByRole('dialog').count()) > 0) {
    await closeSponsorship(page);
  }
  // The row names the sponsor by its organisation once entered, the address beneath (issue 58).
  await page
    .getByTestId('sponsor-row')
    .filter({ has: page.getByText(email, { exact: true }) })
    .getByRole('button')
    .click();
  const block = sponsorshipPanel(page);
  await expect(block).toContainText(email);
  return block;
}

/** Closes the detail panel (its corner button) and waits until it is gone. */
export async function closeSponsorship(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}
