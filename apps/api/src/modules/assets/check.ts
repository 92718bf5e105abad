// An uploaded asset against its spec (decision 084). The bytes decide the type (magic numbers, never
// the file name or the sender's MIME type); a raster file's width and height come from its header
// before anything is decoded (the logo's header readers, so a small file claiming a huge canvas never
// reaches libvips); transparency is read with sharp from the decoded alpha channel. SVG is only ever
// read as text: markup that could run (scripts, event handlers, foreign objects, external references)
// is refused, and it is never rendered. What falls short is answered 422 `asset.spec-unmet` with one
// field per failing rule and what the file is; the web app words it in the sponsor's language.
import type { AssetFileType, AssetRule, AssetSpec } from '@sp/shared';
import { ASSET_LIMITS, VECTOR_FILE_TYPES } from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import { headerSize, sniffLogo } from '../sponsor-profiles/index.ts';

export type AssetFacts = { type: AssetFileType; width: number | null; height: number | null; transparent: boolean };

let loaded: Promise<typeof import('sharp').default> | undefined;
const loadSharp = () =>
  (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));

/** Markup in an SVG that could run or reach out; such a file is refused, never cleaned. */
const UNSAFE_SVG =
  /<script|<foreignobject|\son[a-z]+\s*=|javascript:|<!entity|(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/)/i;

export function sniffAsset(bytes: Buffer): AssetFileType | null {
  if (bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  const kind = sniffLogo(bytes);
  if (kind !== 'svg') return kind;
  const text = bytes.toString('utf8');
  if (!/<svg[\s>]/i.test(text) || UNSAFE_SVG.test(text)) return null;
  return 'svg';
}

/** What the file is; 415 `asset.unreadable` when it is none of the types or cannot be read. */
export async function readAsset(bytes: Buffer): Promise<AssetFacts> {
  if (bytes.length > ASSET_LIMITS.bytes) throw fail('asset.too-large', 'The file is larger than 10 MB');
  const type = sniffAsset(bytes);
  if (!type) throw fail('asset.unreadable', 'Only PNG, JPEG, WebP, safe SVG or PDF files are taken');
  if (type === 'svg' || type === 'pdf') return { type, width: null, height: null, transparent: type === 'svg' };
  const size = headerSize(bytes, type);
  const side = ASSET_LIMITS.side;
  if (!size || size.width < 1 || size.height < 1 || size.width > side || size.height > side) {
    throw fail('asset.unreadable', 'The image header cannot be read or states more than 20000 px a side');
  }
  let transparent = false;
  if (type !== 'jpeg') {
    const sharp = await loadSharp();
    try {
      const image = sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error', pages: 1 });
      const meta = await image.metadata();
      if (meta.hasAlpha) {
        const stats = await image.stats();
        transparent = (stats.channels[3]?.min ?? 255) < 255;
      }
    } catch {
      throw fail('asset.unreadable', 'The image cannot be decoded');
    }
  }
  return { type, width: size.width, height: size.height, transparent };
}

/** The rules the file breaks, with what the file is for each; empty when it meets the spec. */
export function unmetRules(
  spec: AssetSpec,
  facts: AssetFacts,
  altText: string | undefined,
): Partial<Record<AssetRule, string>> {
  const unmet: Partial<Record<AssetRule, string>> = {};
  if (!spec.file_types.includes(facts.type)) unmet.file_type = facts.type;
  if (spec.vector && !VECTOR_FILE_TYPES.includes(facts.type)) unmet.vector = facts.type;
  if (facts.width !== null && facts.height !== null) {
    const narrow = spec.min_width !== null && facts.width < spec.min_width;
    const low = spec.min_height !== null && facts.height < spec.min_height;
    if (narrow || low) unmet.size = `${facts.width}x${facts.height}`;
    if (spec.transparent && !facts.transparent) unmet.transparent = 'opaque';
  }
  if (spec.alt_text_required && !altText) unmet.alt_text = 'missing';
  return unmet;
}

export function assertMeetsSpec(spec: AssetSpec, facts: AssetFacts, altText: string | undefined): void {
  const unmet = unmetRules(spec, facts, altText);
  if (Object.keys(unmet).length > 0) {
    throw fail('asset.spec-unmet', `The file does not meet the spec: ${Object.keys(unmet).join(', ')}`, unmet);
  }
}
