// A photo or screenshot of delivery evidence as the server keeps it (decision 107), checked like a
// logo (decision 020, 097): the bytes decide the type (PNG, JPEG or WebP by their magic numbers, SVG
// refused), the header's width and height are read before anything is decoded (a small file claiming
// a huge canvas never reaches libvips), and the decoder is held to the assets' pixel limit. What is
// kept is a new JPEG drawn from the pixels alone — turned upright by its EXIF orientation, then
// without any EXIF, GPS or other metadata — at most 2048 px a side, and a 480 px thumbnail. JPEG
// because the sponsor report's PDF embeds it as it is. The decoding runs on the worker pool.
import { createHash } from 'node:crypto';
import { EVIDENCE_LIMITS } from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import { workPool } from '../../lib/work-pool.ts';
import { headerSize, sniffLogo } from '../sponsor-profiles/index.ts';

// libvips is loaded with the first picture on a worker thread, not at start (idle memory).
let loaded: Promise<typeof import('sharp').default> | undefined;
const loadSharp = () =>
  (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));

export type EvidencePicture = {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  /** SHA-256 of the upload as it came: the same photo sent twice is one piece. */
  sourceHash: string;
};

type Drawn = { full: Uint8Array; thumb: Uint8Array; width: number; height: number };

const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * Checks the upload and draws the clean JPEG and thumbnail. The size is checked here (nothing larger
 * crosses to a thread); the type, header and pixels on the pool, whose refusals (logo.* codes, the
 * image checks' own) reach the caller as the same AppError (decision 097).
 */
export async function reencodeEvidence(bytes: Buffer): Promise<EvidencePicture> {
  if (bytes.length > EVIDENCE_LIMITS.bytes) throw fail('asset.too-large', 'The picture is larger than 10 MB');
  const sourceHash = createHash('sha256').update(bytes).digest('hex');
  const made = await workPool().run<Drawn>('evidence.reencode', bytes);
  return { full: asBuffer(made.full), thumb: asBuffer(made.thumb), width: made.width, height: made.height, sourceHash };
}

/** The worker's half of reencodeEvidence (evidenceWorkerTasks): the checks, then the clean JPEGs. */
export async function checkAndDrawEvidence(input: Uint8Array): Promise<Drawn> {
  const bytes = asBuffer(input);
  const kind = sniffLogo(bytes);
  if (kind === 'svg') throw fail('logo.svg-refused', 'SVG is not taken: upload a photo (JPEG, PNG or WebP)');
  if (!kind) throw fail('logo.unsupported-type', 'Only JPEG, PNG or WebP pictures are taken');
  const size = headerSize(bytes, kind);
  if (!size || size.width < 1 || size.height < 1) throw fail('logo.unreadable', 'The image header cannot be read');
  const { side, pixels } = EVIDENCE_LIMITS;
  if (size.width > side || size.height > side || size.width * size.height > pixels) {
    throw fail('logo.too-many-pixels', `The picture may have at most ${pixels} pixels, ${side} a side`);
  }
  try {
    return await drawEvidence(bytes);
  } catch {
    throw fail('logo.unreadable', 'The image cannot be decoded');
  }
}

async function drawEvidence(bytes: Buffer): Promise<Drawn> {
  const sharp = await loadSharp();
  // No withMetadata()/keepExif(): sharp writes none of the input's EXIF, XMP, IPTC or ICC comments.
  const { data: full, info } = await sharp(bytes, {
    limitInputPixels: EVIDENCE_LIMITS.pixels,
    failOn: 'error',
    pages: 1,
  })
    .rotate()
    .resize({
      width: EVIDENCE_LIMITS.storedSide,
      height: EVIDENCE_LIMITS.storedSide,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const thumb = await sharp(full, { failOn: 'error' })
    .resize({
      width: EVIDENCE_LIMITS.thumbSide,
      height: EVIDENCE_LIMITS.thumbSide,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .jpeg({ quality: 75 })
    .toBuffer();
  return { full, thumb, width: info.width, height: info.height };
}
