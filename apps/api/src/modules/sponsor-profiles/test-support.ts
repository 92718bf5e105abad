// Test images and a sponsor world for the sponsor-profile and sponsor-wall tests: real PNG, JPEG and
// WebP files carrying metadata, hostile files (SVG, a renamed SVG, a truncated image, a header that
// claims a huge canvas), and sponsorships brought to `confirmed` through the API.
import sharp from 'sharp';
import type { IdentityTestApp } from '../../identity/test-support.ts';
import { uniqueEmail } from '../../identity/test-support.ts';
import { pdfBytes, requester, type TestUser } from '../events/test-support.ts';

export type Guest = { token: string; email: string; sponsorshipId: number };

function noise(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(width * height * 3);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + (i >> 7)) % 251;
  return bytes;
}

/** A logo of the kind with EXIF metadata (the copyright text must not survive). */
export async function logoFile(kind: 'png' | 'jpeg' | 'webp', width = 320, height = 160): Promise<Buffer> {
  const image = sharp(noise(width, height), { raw: { width, height, channels: 3 } }).withExif({
    IFD0: { Copyright: 'Geheim GmbH', Artist: 'Anna Privat' },
  });
  if (kind === 'png') return image.png().toBuffer();
  if (kind === 'jpeg') return image.jpeg().toBuffer();
  return image.webp().toBuffer();
}

export const svgLogo = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/** A PNG signature and IHDR that claim 20000 × 20000 pixels, and nothing behind them. */
export function hugePngHeader(): Buffer {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(20_000, 16);
  bytes.writeUInt32BE(20_000, 20);
  bytes[24] = 8;
  bytes[25] = 2;
  return bytes;
}

export function sponsorWorld(t: () => IdentityTestApp) {
  const call = requester(t);
  const asGuest = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, guest: Guest, payload?: object) =>
    t().app.inject({
      method,
      url,
      headers: { authorization: `${guest.token}:${guest.email}` },
      ...(payload ? { payload } : {}),
    });
  const uploadLogo = (who: Guest | string, bytes: Buffer, contentType = 'application/octet-stream') =>
    t().app.inject({
      method: 'PUT',
      url: '/api/sponsor-profile/logo',
      headers: {
        authorization: typeof who === 'string' ? `Bearer ${who}` : `${who.token}:${who.email}`,
        'content-type': contentType,
      },
      payload: bytes,
    });

  const invite = async (
    organiser: TestUser,
    eventId: number,
    options: { email?: string; packageIds?: number[] } = {},
  ) => {
    const email = options.email ?? uniqueEmail('sponsor');
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      package_ids: options.packageIds ?? [],
    });
    if (res.statusCode !== 201) throw new Error(`invitation failed: ${res.body}`);
    return { token: new URL(res.json().url).searchParams.get('token')!, email, sponsorshipId: res.json().sponsorId };
  };

  /** The sponsor uploads the signed agreement and the organiser confirms. */
  const confirm = async (organiser: TestUser, guest: Guest) => {
    const url = await asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement/upload-url`, guest, {
      file_name: 'unterschrieben.pdf',
    });
    const upload = url.json<{ url: string; key: string; s3_id: string }>();
    await t().app.inject({
      method: 'PUT',
      url: upload.url,
      headers: { 'content-type': 'application/pdf' },
      payload: pdfBytes('signed'),
    });
    await asGuest('PUT', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement`, guest, {
      s3_id: upload.s3_id,
      key: upload.key,
    });
    const res = await call('POST', `/api/sponsorships/${guest.sponsorshipId}/status`, organiser.token, {
      status: 'confirmed',
    });
    if (res.statusCode !== 200) throw new Error(`confirmation failed: ${res.body}`);
  };

  return { call, asGuest, uploadLogo, invite, confirm };
}
