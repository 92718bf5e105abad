// Generated agreements signed in the browser (issue 19), snake_case on the wire. Decision 025 says
// what kind of signature this is (a simple electronic signature, eIDAS Art. 25(1)) and what the
// audit trail proves.
//
// Routes (all under /api; "party" = the sponsor by guest link `Authorization: <token>:<email>` or by
// an account with the sponsorship's address, or a member of the organisation; anyone else gets 404):
//
// GET  /events/:id/agreement-settings            organisers of the event's organisation
//      → AgreementSettingsResponse. 403 event.organisers-only / profile.onboarding-required, 404 event.not-found
// PUT  /events/:id/agreement-settings            organisers; body AgreementSettings
//      → AgreementSettingsResponse. As GET, plus 403 agreement.owner-only when a non-owner changes
//        members_may_countersign, 400 request.validation-failed
// GET  /events/:id/agreement-preview.pdf?lang=de|en   organisers
//      → application/pdf: the generated agreement with sample sponsor data (the event's current
//        clauses and terms; for the clause preview). Errors as GET settings.
// GET  /sponsorships/:id/agreement               party
//      → AgreementStateResponse. 404 sponsorship.not-found
// PUT  /sponsorships/:id/agreement/language      organisers (veranstalter, beides) of its organisation;
//      body SetAgreementLanguageRequest (null = follow the sponsor) → AgreementStateResponse.
//      409 agreement.language-frozen once a signature stands or the sponsorship is decided (decision 074),
//      409 agreement.not-generated, 403 sponsorship.organisers-decide, 404 sponsorship.not-found
// GET  /sponsorships/:id/agreement/draft.pdf     party
//      → application/pdf, the exact draft bytes a signature refers to; header X-Document-Sha256.
//        Recorded as "viewed" in the audit trail. 409 agreement.not-generated (upload mode),
//        409 agreement.details-missing (the state's `missing` says what), 404 sponsorship.not-found
// POST /sponsorships/:id/agreement/signatures    party; body SignAgreementRequest
//      → AgreementStateResponse (201). Sponsor first, then an organiser countersigns (the owner, or a
//        member when the owner allowed it in the settings). Both signed → the sealed PDF is made,
//        stored, mailed to both, the sponsorship becomes confirmed (the sponsor's signature makes it
//        signed). Errors: 409 agreement.draft-changed (document_sha256 is not the current draft),
//        409 agreement.not-generated, 409 agreement.details-missing, 409 agreement.not-your-turn
//        (organisation before the sponsor, or the side already signed), 409 agreement.completed,
//        409 agreement.closed (declined/withdrawn), 403 agreement.countersign-forbidden (a member
//        without the owner's permission, or a member whose role is not organiser),
//        400 agreement.signature-image-invalid, 400 request.validation-failed, 404 sponsorship.not-found
// GET  /sponsorships/:id/agreement/signed.pdf    party
//      → application/pdf, the sealed agreement; header X-Document-Sha256. Re-hashed before sending:
//        500 agreement.integrity-failed when the stored bytes differ (never sends them),
//        404 agreement.not-found before both signed, 404 sponsorship.not-found
// POST /public/agreements/verify                 anyone, no sign-in, rate-limited; body: the raw PDF
//      (Content-Type application/pdf or application/octet-stream, ≤ 4 MB; decision 063)
//      → AgreementVerification. 413 request.too-large, 415 request.unsupported-media-type, 429 (also
//        past 20 MB of bodies a minute per address)
// GET  /public/agreements/verify/:sha256         anyone, rate-limited; sha256 = 64 hex digits
//      → AgreementVerification. 400 request.validation-failed, 429
//
// Verification answers only whether the document is a sealed agreement on record and who signed it
// when. The record decides (decision 062): a hash on record is that agreement even when the platform's
// stored copy no longer matches it; then status is stored_copy_damaged (the holder's copy is the
// genuine one, the operator is told), never not_found.
import { z } from 'zod';

export const AGREEMENT_LIMITS = {
  clauses: 8000,
  fullName: 120,
  position: 120,
  /** A drawn signature as a PNG data URL, characters of the whole URL. */
  drawnSignature: 200_000,
  /**
   * Pixels of a drawn signature: twice what the signing page exports (600 × 240, cropped to the
   * ink), so another client's sharper image fits; the sealed agreement embeds it for both sides and
   * the verification limit below assumes it.
   */
  drawnSignatureWidth: 1200,
  drawnSignatureHeight: 480,
  paymentTermDaysMax: 120,
  /**
   * Bytes of a PDF posted for verification: 3 × the largest sealed agreement the signing page makes
   * (1.2 MB with two worst-case 600 × 240 px signatures); a larger file is checked by its SHA-256
   * (decision 063).
   */
  verifyBytes: 4 * 1024 * 1024,
} as const;

export const AGREEMENT_MODES = ['upload', 'generated'] as const;
export const ZAgreementMode = z.enum(AGREEMENT_MODES);
export type AgreementMode = z.infer<typeof ZAgreementMode>;

export const ZAgreementSettings = z.object({
  /** upload: the organiser's own PDF, printed, signed and uploaded (today's path); generated: this issue. */
  mode: ZAgreementMode,
  /** The organiser's own clauses for this event, plain text (paragraphs by blank lines). */
  clauses: z.string().max(AGREEMENT_LIMITS.clauses),
  payment_term_days: z.number().int().min(0).max(AGREEMENT_LIMITS.paymentTermDaysMax),
  /** Whether members other than the owner may countersign; only the owner changes it. */
  members_may_countersign: z.boolean(),
});
export type AgreementSettings = z.infer<typeof ZAgreementSettings>;

export const ZAgreementSettingsResponse = ZAgreementSettings.extend({
  /** The caller is the organisation's owner (may change members_may_countersign, always countersigns). */
  caller_is_owner: z.boolean(),
  /** null: never saved (the defaults above apply). */
  updated_at: z.string().nullable(),
});
export type AgreementSettingsResponse = z.infer<typeof ZAgreementSettingsResponse>;

export const ZAgreementPreviewQuery = z.object({ lang: z.enum(['de', 'en']).default('de') });

export const AGREEMENT_STATES = ['not_generated', 'draft', 'sponsor_signed', 'completed'] as const;
export const ZAgreementState = z.enum(AGREEMENT_STATES);
export type AgreementState = z.infer<typeof ZAgreementState>;

export const ZAgreementSide = z.enum(['sponsor', 'organisation']);
export type AgreementSide = z.infer<typeof ZAgreementSide>;

/** What must be entered before the draft can be made. */
export const AGREEMENT_MISSING = ['sponsor_legal_details', 'organisation_address', 'package', 'amount'] as const;
export const ZAgreementMissing = z.enum(AGREEMENT_MISSING);
export type AgreementMissing = z.infer<typeof ZAgreementMissing>;

/** Why the caller may not sign now (null: they may). */
export const AGREEMENT_SIGN_BLOCKS = [
  'not_generated',
  'details_missing',
  'waiting_for_sponsor',
  'already_signed',
  'completed',
  'closed',
  'not_permitted',
] as const;
export const ZAgreementSignBlock = z.enum(AGREEMENT_SIGN_BLOCKS);
export type AgreementSignBlock = z.infer<typeof ZAgreementSignBlock>;

export const ZAgreementSignature = z.object({
  side: ZAgreementSide,
  full_name: z.string(),
  position: z.string(),
  email: z.string(),
  signed_at: z.string(),
  /** SHA-256 (hex) of the draft this signature was given on. */
  document_sha256: z.string(),
  has_drawn_signature: z.boolean(),
});
export type AgreementSignatureWire = z.infer<typeof ZAgreementSignature>;

export const ZAgreementVoidedNotice = z.object({
  voided_at: z.string(),
  side: ZAgreementSide,
  full_name: z.string(),
  /** The signature's draft hash and the changed draft's. */
  previous_sha256: z.string(),
  current_sha256: z.string().nullable(),
});
export type AgreementVoidedNotice = z.infer<typeof ZAgreementVoidedNotice>;

export const ZAgreementStateResponse = z.object({
  sponsorship_id: z.number().int(),
  mode: ZAgreementMode,
  state: ZAgreementState,
  /**
   * The agreement's language: the organiser's choice, else the sponsor's (told by their app, else their
   * legal details), German by default (decision 074).
   */
  language: z.enum(['de', 'en']),
  /** The organiser's choice for this agreement; null = follows the sponsor. */
  language_choice: z.enum(['de', 'en']).nullable(),
  /** The caller's side of the sponsorship. */
  your_side: ZAgreementSide,
  /** SHA-256 (hex) of the current draft; null when no draft can be made (upload mode, data missing). */
  document_sha256: z.string().nullable(),
  may_sign: z.boolean(),
  sign_block: ZAgreementSignBlock.nullable(),
  missing: z.array(ZAgreementMissing),
  /** Valid signatures (voided ones are in voided_notice and the audit trail). */
  signatures: z.array(ZAgreementSignature),
  /** The latest signature voided because the draft changed after it was given. */
  voided_notice: ZAgreementVoidedNotice.nullable(),
  /** The sealed PDF once both signed. */
  signed_document: z.object({ sha256: z.string(), completed_at: z.string(), size: z.number().int() }).nullable(),
  links: z.object({
    draft_pdf: z.string().nullable(),
    signed_pdf: z.string().nullable(),
    /** The public verification page of the web app. */
    verify_page: z.string(),
  }),
});
export type AgreementStateResponse = z.infer<typeof ZAgreementStateResponse>;

export const ZSetAgreementLanguageRequest = z.object({ language: z.enum(['de', 'en']).nullable() });
export type SetAgreementLanguageRequest = z.infer<typeof ZSetAgreementLanguageRequest>;

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

export const ZSignAgreementRequest = z.object({
  document_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  full_name: z.string().trim().min(1).max(AGREEMENT_LIMITS.fullName),
  position: z.string().trim().min(1).max(AGREEMENT_LIMITS.position),
  /** "I have read the agreement and sign it" */
  consent: z.literal(true),
  /** Optional drawn signature: a PNG data URL (the server checks it is a PNG it can embed). */
  drawn_signature: z.string().max(AGREEMENT_LIMITS.drawnSignature).regex(PNG_DATA_URL).optional(),
});
export type SignAgreementRequest = z.infer<typeof ZSignAgreementRequest>;

export const ZSha256Param = z.object({ sha256: z.string().regex(/^[0-9a-fA-F]{64}$/) });

const AGREEMENT_VERIFICATION_STATUSES = ['verified', 'stored_copy_damaged', 'not_found'] as const;
export const ZAgreementVerification = z.object({
  found: z.boolean(),
  status: z.enum(AGREEMENT_VERIFICATION_STATUSES),
  signed_at: z.string().optional(),
  signers: z.array(z.object({ name: z.string(), side: ZAgreementSide, signed_at: z.string() })).optional(),
  /** What the platform sealed: a signed agreement (the default when absent) or a sponsor report. */
  document: z.enum(['agreement', 'sponsor_report']).optional(),
});
export type AgreementVerification = z.infer<typeof ZAgreementVerification>;
