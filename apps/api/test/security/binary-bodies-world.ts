// Test support for the raw-body tests (issue 57, decision 063): bodies of a given size (random bytes,
// so NUL bytes and broken UTF-8 everywhere, behind a PDF's signature where a route wants one), a logo
// just under its limit, and the callers that may send each body: an organiser's upload link, a guest
// sponsor's signed-agreement upload link and logo, the anonymous verification.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { IdentityTestApp } from '../../src/identity/test-support.ts';
import { onboardedUser, validEvent, type TestUser } from '../../src/modules/events/test-support.ts';
import { sponsorWorld, type Guest } from '../../src/modules/sponsor-profiles/test-support.ts';

/** `size` bytes that start like a PDF and are random after it. */
export function binaryPdf(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.7\n', 'latin1').copy(bytes, 0);
  return bytes;
}

/** A real PNG of random pixels, as large as fits under `maxBytes` in steps of 10 px a side. */
export async function largestLogo(maxBytes: number): Promise<Buffer> {
  let best: Buffer | null = null;
  for (let side = Math.floor(Math.sqrt(maxBytes / 3)); side > 10; side -= 10) {
    const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    if (png.length <= maxBytes) {
      best = png;
      break;
    }
  }
  if (!best) throw new Error('no logo fits');
  return best;
}

export type UploadLink = { path: string; key: string; s3_id: string };

const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
};

/** An organiser with an event and a guest sponsor invited to it; upload links on demand. */
export async function bodyWorld(t: () => IdentityTestApp) {
  const w = sponsorWorld(t);
  const organiser: TestUser = await onboardedUser(t(), 'veranstalter');
  const created = await w.call('POST', '/api/event/-1', organiser.token, validEvent());
  if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`event: ${created.body}`);
  const eventId = created.json<{ id: number }>().id;
  const guest: Guest = await w.invite(organiser, eventId);

  /** The organiser's link for the event's PDF (the local store's PUT target). */
  const organiserUpload = async (): Promise<UploadLink> => {
    const res = await w.call(
      'GET',
      `/api/file/upload/${organiser.organisationId}/${eventId}/Vertrag/pdf`,
      organiser.token,
    );
    if (res.statusCode !== 200) throw new Error(`upload link: ${res.statusCode} ${res.body}`);
    const link = res.json<{ url: string; key: string; s3_id: string }>();
    return { path: pathOf(link.url), key: link.key, s3_id: link.s3_id };
  };

  /** The guest sponsor's link for the signed agreement. */
  const guestUpload = async (): Promise<UploadLink> => {
    const res = await w.asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement/upload-url`, guest, {
      file_name: 'unterschrieben.pdf',
    });
    if (res.statusCode !== 200) throw new Error(`guest upload link: ${res.statusCode} ${res.body}`);
    const link = res.json<{ url: string; key: string; s3_id: string }>();
    return { path: pathOf(link.url), key: link.key, s3_id: link.s3_id };
  };

  const guestAuthorization = `${guest.token}:${guest.email}`;
  return { ...w, organiser, eventId, guest, guestAuthorization, organiserUpload, guestUpload };
}
