// Asset specifications and proofs (issue 59, point 3): what a deliverable asks of the sponsor's file
// (types, minimum size, transparency, vector, alt text), the rounds of uploads with the organiser's
// decision, and what the check found when an upload falls short. snake_case on the wire.
import { z } from 'zod';

export const ASSET_FILE_TYPES = ['png', 'jpeg', 'webp', 'svg', 'pdf'] as const;
export const ZAssetFileType = z.enum(ASSET_FILE_TYPES);
export type AssetFileType = z.infer<typeof ZAssetFileType>;
/** Vector formats: SVG, and PDF (which may hold vectors; it is not rasterised here). */
export const VECTOR_FILE_TYPES: readonly AssetFileType[] = ['svg', 'pdf'];

export const ASSET_LIMITS = {
  /** The original as uploaded, kept as it is (decision 084); 10 MB covers a print-ready PDF logo. */
  bytes: 10 * 1024 * 1024,
  /** Width and height a spec may ask for, and that a raster header may state (decompression bombs). */
  side: 20_000,
  altText: 300,
  comment: 2000,
} as const;

/** Where the asset is placed: the print bundle's filter, and the proof's mock-up. */
export const ASSET_PLACEMENTS = ['banner', 'slide', 'website'] as const;
export const ZAssetPlacement = z.enum(ASSET_PLACEMENTS);
export type AssetPlacement = z.infer<typeof ZAssetPlacement>;

export const ZAssetSpec = z.object({
  /** null: no particular placement (the bundle of the whole event still holds it). */
  placement: ZAssetPlacement.nullable().default(null),
  /** Empty: no file is asked (a spec with only a text limit). */
  file_types: z.array(ZAssetFileType).max(ASSET_FILE_TYPES.length),
  /** Pixels; null: no minimum. Applies to raster files (a vector file scales). */
  min_width: z.number().int().min(1).max(ASSET_LIMITS.side).nullable(),
  min_height: z.number().int().min(1).max(ASSET_LIMITS.side).nullable(),
  /** A raster file must have an alpha channel with at least one transparent pixel. */
  transparent: z.boolean(),
  /** Only SVG or PDF. */
  vector: z.boolean(),
  alt_text_required: z.boolean(),
  /**
   * The text asked of the sponsor (the deliverable's input, e.g. a company description) may be at
   * most `max` characters or words; checked when it is submitted. null: no limit (decision 089).
   */
  text_limit: z
    .object({ max: z.number().int().min(1).max(100_000), unit: z.enum(['characters', 'words']) })
    .nullable()
    .default(null),
  /** A monochrome variant is asked as a second file of the round, checked when it is uploaded. */
  monochrome_variant: z.boolean().default(false),
});
export type AssetSpec = z.output<typeof ZAssetSpec>;

/** PUT /deliverables/{id}/asset-spec (organisation); null removes it. */
export const ZSaveAssetSpecRequest = z.object({ spec: ZAssetSpec.nullable() });

export const ASSET_ROUND_STATUSES = ['submitted', 'approved', 'changes_requested', 'superseded'] as const;
export const ZAssetRound = z.object({
  round: z.number().int(),
  status: z.enum(ASSET_ROUND_STATUSES),
  file_type: ZAssetFileType,
  /** Pixels of a raster file; null for SVG and PDF. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int(),
  alt_text: z.string().nullable(),
  uploaded_at: z.string(),
  decided_at: z.string().nullable(),
  comment: z.string().nullable(),
  /** The sponsor's decision on the round's proof: null until they decide (decision 089). */
  sponsor_decision: z.enum(['approved', 'changes_requested']).nullable(),
  /** The monochrome variant's type, when one is attached. */
  monochrome: ZAssetFileType.nullable(),
});
export type AssetRoundWire = z.infer<typeof ZAssetRound>;

/** GET /deliverables/{id}/asset: for both parties. */
export const ZDeliverableAssetResponse = z.object({
  deliverable_id: z.number().int(),
  sponsorship_id: z.number().int(),
  spec: ZAssetSpec.nullable(),
  /** Newest first. */
  rounds: z.array(ZAssetRound),
  /** An approved round exists: its file is kept as it is; a new upload starts the next round. */
  locked: z.boolean(),
});
export type DeliverableAssetResponse = z.infer<typeof ZDeliverableAssetResponse>;

/** PUT /deliverables/{id}/asset?alt_text=...: the raw bytes of the file. */
export const ZUploadAssetQuery = z.object({
  alt_text: z.string().trim().max(ASSET_LIMITS.altText).optional(),
});

/** POST /deliverables/{id}/asset/decision (organisation): decides the named round (conditional). */
export const ZDecideAssetRequest = z.object({
  round: z.number().int().min(1).max(1_000_000),
  decision: z.enum(['approve', 'request_change']),
  comment: z.string().trim().max(ASSET_LIMITS.comment).default(''),
});
export type DecideAssetRequest = z.input<typeof ZDecideAssetRequest>;

/** A round has a proof (and needs the sponsor's approval before the organisation's) when the spec names a placement. */
export const hasProof = (spec: Pick<AssetSpec, 'placement'> | null) => spec !== null && spec.placement !== null;

/** Characters (code points) or words of a text, as the text limit counts them. */
export function textLength(text: string, unit: 'characters' | 'words'): number {
  const trimmed = text.trim();
  if (unit === 'characters') return [...trimmed].length;
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

/**
 * Why an upload falls short of its spec, as the fields of the 422 `asset.spec-unmet`: each failing
 * rule with what the file is (the spec says what was asked). `size` is `<width>x<height>`.
 */
export const ASSET_RULES = [
  'file_type',
  'size',
  'transparent',
  'vector',
  'alt_text',
  /** The text's length in the spec's unit (characters or words). */
  'text_length',
  /** `colour`: the monochrome variant has colours. */
  'monochrome',
] as const;
export type AssetRule = (typeof ASSET_RULES)[number];

/** GET /events/{eventId}/print-bundle.zip */
export const ZPrintBundleQuery = z.object({ placement: ZAssetPlacement.optional() });
