// Sponsorship steps through the API, for tests whose subject is not the agreement's round trip:
// the guest (invitation link only) signs the event's agreement by uploading a signed PDF.
import { expect, type APIRequestContext } from '@playwright/test';
import { makePdf } from './pdf.ts';

/** The token and address of a mailed invitation link (…/invite-sponsor/?token=…&email=…). */
export function guestOfLink(link: string): { token: string; email: string; authorization: string } {
  const url = new URL(link);
  const token = url.searchParams.get('token') ?? '';
  const email = url.searchParams.get('email') ?? '';
  expect(token, link).not.toBe('');
  return { token, email, authorization: `${token}:${email}` };
}

/** The id of the event's sponsorship with this sponsor address, as the organiser sees it. */
export async function sponsorshipIdOf(
  request: APIRequestContext,
  accessToken: string,
  eventId: number,
  sponsorEmail: string,
): Promise<number> {
  const res = await request.get(`/api/event/${eventId}/sponsorships`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const found = ((await res.json()) as Array<{ id: number; sponsor_email: string }>).find(
    (s) => s.sponsor_email.toLowerCase() === sponsorEmail.toLowerCase(),
  );
  expect(found, sponsorEmail).toBeDefined();
  return found!.id;
}

/** The guest uploads a signed copy of the agreement through their link: ready for the organiser to confirm. */
export async function signAsGuest(request: APIRequestContext, authorization: string, sponsorshipId: number) {
  const asGuest = { Authorization: authorization };
  const upload = (await (
    await request.post(`/api/sponsorships/${sponsorshipId}/signed-agreement/upload-url`, {
      headers: asGuest,
      data: { file_name: 'unterschrieben.pdf' },
    })
  ).json()) as { url: string; key: string; s3_id: string };
  const put = await request.put(upload.url, {
    headers: { 'Content-Type': 'application/pdf' },
    data: makePdf('Unterschrieben'),
  });
  expect(put.ok()).toBe(true);
  const attached = await request.put(`/api/sponsorships/${sponsorshipId}/signed-agreement`, {
    headers: asGuest,
    data: { s3_id: upload.s3_id, key: upload.key },
  });
  expect(attached.ok(), await attached.text()).toBe(true);
}
