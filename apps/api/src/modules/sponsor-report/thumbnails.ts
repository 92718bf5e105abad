// Evidence photos as thumbnails: each image made small (at most 480 px wide, JPEG) before it is
// embedded, so a report of 40 phone photos stays a few hundred kB and is made in well under the 3 s
// budget. Images that cannot be read are left out rather than failing the whole report: evidence
// is checked when uploaded, this is only a second line.
import type { PDFDocument, PDFImage } from 'pdf-lib';
import type { EvidenceImage, ReportDeliverable } from './report-input.ts';

export type Thumbnail = { image: PDFImage; caption: string | null };

const THUMB_PX = 480;

let loaded: Promise<typeof import('sharp').default> | undefined;
const loadSharp = () =>
  (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));

async function shrink(evidence: EvidenceImage): Promise<Uint8Array | null> {
  const sharp = await loadSharp();
  try {
    return await sharp(evidence.bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: THUMB_PX, height: THUMB_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72, mozjpeg: false })
      .toBuffer();
  } catch {
    return null;
  }
}

export async function thumbnailsOf(
  doc: PDFDocument,
  deliverables: readonly ReportDeliverable[],
): Promise<Map<number, Thumbnail[]>> {
  const result = new Map<number, Thumbnail[]>();
  for (const d of deliverables) {
    const small = await Promise.all(d.evidence.map(shrink));
    const thumbs: Thumbnail[] = [];
    for (const [i, bytes] of small.entries()) {
      if (bytes) thumbs.push({ image: await doc.embedJpg(bytes), caption: d.evidence[i]!.caption });
    }
    result.set(d.id, thumbs);
  }
  return result;
}
