// A sponsor's logo as the server takes it: the bytes decide the type (PNG, JPEG or WebP by their magic
// numbers, never by the file name or the sender's MIME type), SVG is refused, and the width and
// height are read from the header before anything is decoded, so a small file that claims a huge
// canvas (a decompression bomb) never reaches the decoder. What is kept is a new WebP drawn from the
// pixels alone: no metadata (EXIF, GPS, ICC comments), at most 1024 px a side (decision 020).
import { createHash } from 'node:crypto';
import { SPONSOR_PROFILE_LIMITS } from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import { workPool } from '../../lib/work-pool.ts';

export type LogoKind = 'png' | 'jpeg' | 'webp';
type Size = { width: number; height: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// libvips is loaded with the first logo, not at start: it adds some 20 MB to every process's memory
// (the idle-memory budget), and most processes never see a logo. One image at a time per process,
// without libvips' operation cache: logos are rare and small. It runs on the worker pool's threads
// (lib/work-pool.ts), so the process that loads it is a worker, not the server's main thread.
let loaded: Promise<typeof import('sharp').default> | undefined;
const loadSharp = () =>
  (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));

/** What the bytes are; 'svg' for anything that looks like SVG/XML markup, null for everything else. */
export function sniffLogo(bytes: Buffer): LogoKind | 'svg' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  const text = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (
    text.startsWith('<?xml') ||
    text.startsWith('<svg') ||
    text.startsWith('<!doctype svg') ||
    /<svg[\s>]/.test(text)
  ) {
    return 'svg';
  }
  return null;
}

function pngSize(bytes: Buffer): Size | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

// A real JPEG reaches its frame header within a few dozen segments (an ICC profile of 1 MB is 16).
// Fill bytes and empty segments can make the walk a step per byte or four; past this many steps the
// header counts as unreadable, so a 2 MB body costs at most these steps, not two million (decision 063).
const MAX_JPEG_STEPS = 4096;

/** Walks the JPEG segments to the first start-of-frame marker. */
function jpegSize(bytes: Buffer): Size | null {
  let i = 2;
  for (let steps = 0; i + 9 < bytes.length; steps++) {
    if (steps === MAX_JPEG_STEPS) return null;
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  return null;
}

function webpSize(bytes: Buffer): Size | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/** Width and height as the file's header states them, or null when the header cannot be read. */
export function headerSize(bytes: Buffer, kind: LogoKind): Size | null {
  if (kind === 'png') return pngSize(bytes);
  if (kind === 'jpeg') return jpegSize(bytes);
  return webpSize(bytes);
}

export type StoredLogo = { bytes: Buffer; width: number; height: number; hash: string };

/**
 * Checks the upload and draws a clean WebP from it; every refusal is a logo.* error. The size is
 * checked here (nothing larger crosses to a thread); the type, header and pixels on the worker
 * pool (checkAndDraw), whose logo.* refusals reach the caller as the same AppError (decision 097).
 */
export async function reencodeLogo(bytes: Buffer): Promise<StoredLogo> {
  if (bytes.length > SPONSOR_PROFILE_LIMITS.logoBytes) throw fail('logo.too-large', 'The logo is larger than 2 MB');
  const made = await workPool().run<{ data: Uint8Array; width: number; height: number }>('logo.reencode', bytes);
  const data = Buffer.from(made.data.buffer, made.data.byteOffset, made.data.byteLength);
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 32);
  return { bytes: data, width: made.width, height: made.height, hash };
}

/** The worker's half of reencodeLogo (logoWorkerTasks): the checks, then the clean WebP. */
export async function checkAndDraw(input: Uint8Array): Promise<{ data: Uint8Array; width: number; height: number }> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const kind = sniffLogo(bytes);
  if (kind === 'svg') throw fail('logo.svg-refused', 'SVG logos are not taken: upload a PNG, JPEG or WebP');
  if (!kind) throw fail('logo.unsupported-type', 'Only PNG, JPEG or WebP logos are taken');
  const size = headerSize(bytes, kind);
  if (!size || size.width < 1 || size.height < 1) throw fail('logo.unreadable', 'The image header cannot be read');
  const side = SPONSOR_PROFILE_LIMITS.logoSide;
  if (size.width > side || size.height > side) {
    throw fail('logo.too-many-pixels', `The logo may be at most ${side} × ${side} pixels`);
  }
  try {
    return await drawLogo(bytes);
  } catch {
    throw fail('logo.unreadable', 'The image cannot be decoded');
  }
}

/** The clean WebP drawn from a checked upload's pixels (runs on the worker pool: logoWorkerTasks). */
export async function drawLogo(bytes: Uint8Array): Promise<{ data: Uint8Array; width: number; height: number }> {
  const side = SPONSOR_PROFILE_LIMITS.logoSide;
  const sharp = await loadSharp();
  const { data, info } = await sharp(bytes, { limitInputPixels: side * side, failOn: 'warning', pages: 1 })
    .rotate()
    .resize({
      width: SPONSOR_PROFILE_LIMITS.storedSide,
      height: SPONSOR_PROFILE_LIMITS.storedSide,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: 90, alphaQuality: 100, effort: 4 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
