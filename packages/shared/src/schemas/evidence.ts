// Proof of delivery (issue 60, point 1; decision 107): the organisation's team attaches evidence to a
// deliverable (a photo taken on a phone, a screenshot, a link, a note); the sponsor of the sponsorship
// sees it at once from their link or account and reacts (a thumbs up, a comment). Photos and
// screenshots are re-encoded on the server: resized, without EXIF or location metadata.
import { z } from 'zod';
import { ASSET_LIMITS } from './assets.ts';

export const EVIDENCE_KINDS = ['photo', 'screenshot', 'link', 'note'] as const;
export const ZEvidenceKind = z.enum(EVIDENCE_KINDS);
export type EvidenceKind = z.infer<typeof ZEvidenceKind>;
export const EVIDENCE_IMAGE_KINDS = ['photo', 'screenshot'] as const;

export const EVIDENCE_LIMITS = {
  /** An upload as it comes from a phone's camera: the assets' limits (a 12 MP photo is 3–6 MB). */
  bytes: ASSET_LIMITS.bytes,
  /** Width and height a header may state; larger is refused before anything is decoded. */
  side: ASSET_LIMITS.side,
  /** Pixels the decoder is allowed, as for assets (a 48 MP camera: 8000 × 6000). */
  pixels: 50_000_000,
  /** The stored picture's longer side, and its thumbnail's. */
  storedSide: 2048,
  thumbSide: 480,
  note: 2000,
  url: 2000,
  comment: 1000,
  /** Pieces of evidence per deliverable. */
  perDeliverable: 40,
} as const;

export const ZEvidenceComment = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The sponsor's address (only the sponsor comments on evidence). */
  by: z.string(),
  text: z.string(),
});

export const ZEvidence = z.object({
  id: z.number().int(),
  deliverable_id: z.number().int(),
  sponsorship_id: z.number().int(),
  kind: ZEvidenceKind,
  /** A note's text, or a caption of a photo, screenshot or link. */
  note: z.string().nullable(),
  /** A link's address (http or https). */
  url: z.string().nullable(),
  /** A photo's or screenshot's stored size (after re-encoding). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  added_at: z.string(),
  /** The team member's address for the organisation; the organisation's name for the sponsor. */
  added_by: z.string(),
  thumbs_up: z.boolean(),
  thumbs_up_at: z.string().nullable(),
  comments: z.array(ZEvidenceComment),
});
export type EvidenceWire = z.infer<typeof ZEvidence>;

/** GET /sponsorships/{id}/evidence: all of a sponsorship's evidence, oldest first, for both parties. */
export const ZSponsorshipEvidenceResponse = z.object({ evidence: z.array(ZEvidence) });
export type SponsorshipEvidenceResponse = z.infer<typeof ZSponsorshipEvidenceResponse>;

const httpUrl = z
  .string()
  .trim()
  .min(1)
  .max(EVIDENCE_LIMITS.url)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'evidence.url-not-http');

/** POST /deliverables/{id}/evidence: a link (with an optional caption) or a note. */
export const ZAddEvidenceRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('link'), url: httpUrl, note: z.string().trim().max(EVIDENCE_LIMITS.note).optional() }),
  z.object({ kind: z.literal('note'), note: z.string().trim().min(1).max(EVIDENCE_LIMITS.note) }),
]);
export type AddEvidenceRequest = z.infer<typeof ZAddEvidenceRequest>;

/** POST /deliverables/{id}/evidence/image?kind=photo|screenshot&note=…: the raw bytes of the picture. */
export const ZUploadEvidenceQuery = z.object({
  kind: z.enum(EVIDENCE_IMAGE_KINDS),
  note: z.string().trim().max(EVIDENCE_LIMITS.note).optional(),
});

/** GET /deliverables/{id}/evidence/{evidence}/image?size=thumb|full */
export const ZEvidenceImageQuery = z.object({ size: z.enum(['thumb', 'full']).default('full') });

/** PUT /deliverables/{id}/evidence/{evidence}/reaction: the sponsor's thumbs up (true) or its withdrawal. */
export const ZEvidenceReactionRequest = z.object({ thumbs_up: z.boolean() });

/** POST /deliverables/{id}/evidence/{evidence}/comments: the sponsor's comment. */
export const ZEvidenceCommentRequest = z.object({ text: z.string().trim().min(1).max(EVIDENCE_LIMITS.comment) });
