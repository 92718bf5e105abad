// Events made through the API, for tests whose subject starts after the event exists.
import { expect, type Page } from '@playwright/test';
import { makePdf } from './pdf.ts';

export type EventBody = { title: string; event_date: string; location: string; description: string };

/** Creates an event of the signed-in organiser with a sponsor agreement PDF attached; answers its ids. */
export async function createEventWithAgreement(
  page: Page,
  accessToken: string,
  eventBody: EventBody,
): Promise<{ id: number; organisation_id: number }> {
  const auth = { Authorization: `Bearer ${accessToken}` };
  const created = await page.request.post('/api/event/-1', { headers: auth, data: eventBody });
  expect(created.ok(), await created.text()).toBe(true);
  const event = (await created.json()) as { id: number; organisation_id: number };
  const upload = (await (
    await page.request.get(`/api/file/upload/${event.organisation_id}/${event.id}/Vereinbarung/pdf`, { headers: auth })
  ).json()) as { url: string; file: string; key: string; s3_id: string };
  const put = await page.request.put(upload.url, {
    headers: { 'Content-Type': 'application/pdf' },
    data: makePdf('Sponsorenvereinbarung'),
  });
  expect(put.ok()).toBe(true);
  const saved = await page.request.put(`/api/event/${event.id}`, {
    headers: auth,
    data: { ...eventBody, files: [{ s3_id: upload.s3_id, name: upload.file, key: upload.key }] },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return event;
}
