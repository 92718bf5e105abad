// Test support for sponsorships (imported by tests only): a sponsor's guest access and the steps
// that take a sponsorship to "confirmed" through the real routes.
import type { IdentityTestApp } from '../../identity/test-support.ts';
import { pdfBytes } from '../events/test-support.ts';

/** A sponsor without an account: the invitation link's token and address. */
export type Guest = { token: string; email: string; sponsorshipId: number };

export const guestHeaders = (guest: Guest) => ({ authorization: `${guest.token}:${guest.email}` });

async function expectStatus(res: { statusCode: number; body: string }, status: number, step: string) {
  if (res.statusCode !== status) throw new Error(`${step}: ${res.statusCode} ${res.body}`);
}

/** The sponsor returns a signed agreement through the link: the sponsorship is then "signed". */
export async function uploadSignedAgreement(t: IdentityTestApp, guest: Guest): Promise<void> {
  const base = `/api/sponsorships/${guest.sponsorshipId}/signed-agreement`;
  const urlRes = await t.app.inject({
    method: 'POST',
    url: `${base}/upload-url`,
    headers: guestHeaders(guest),
    payload: { file_name: 'unterschrieben.pdf' },
  });
  await expectStatus(urlRes, 200, 'upload url');
  const upload = urlRes.json<{ url: string; key: string; s3_id: string }>();
  const put = await t.app.inject({
    method: 'PUT',
    url: upload.url,
    headers: { 'content-type': 'application/pdf' },
    payload: pdfBytes('signed'),
  });
  await expectStatus(put, 204, 'upload');
  const attached = await t.app.inject({
    method: 'PUT',
    url: base,
    headers: guestHeaders(guest),
    payload: { s3_id: upload.s3_id, key: upload.key },
  });
  await expectStatus(attached, 200, 'attach');
}

/** Signed by the sponsor, then confirmed by the organiser (bearer `organiserToken`). */
export async function confirmSponsorship(t: IdentityTestApp, guest: Guest, organiserToken: string): Promise<void> {
  await uploadSignedAgreement(t, guest);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/sponsorships/${guest.sponsorshipId}/status`,
    headers: { authorization: `Bearer ${organiserToken}` },
    payload: { status: 'confirmed' },
  });
  await expectStatus(res, 200, 'confirm');
}
