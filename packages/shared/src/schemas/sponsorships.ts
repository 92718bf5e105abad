// Sponsorships: one sponsor address invited to one event of an organisation, and the agreement's
// round trip (the event's PDF downloaded, the signed copy uploaded), snake_case on the wire.
import { z } from 'zod';
import { ZEventFile } from './events.ts';

export const SPONSORSHIP_STATUSES = ['invited', 'downloaded', 'signed', 'confirmed', 'declined', 'withdrawn'] as const;
export const ZSponsorshipStatus = z.enum(SPONSORSHIP_STATUSES);
export type SponsorshipStatus = z.infer<typeof ZSponsorshipStatus>;

export const ZSignedAgreement = z.object({
  s3_id: z.string(),
  name: z.string(),
  key: z.string(),
  size: z.number().int().nullable(),
  uploaded_at: z.string(),
});
export type SignedAgreementWire = z.infer<typeof ZSignedAgreement>;

/** A document's language (agreement, invoice): the product's two (decision 074). */
export const ZDocumentLanguage = z.enum(['de', 'en']);
export type DocumentLanguage = z.infer<typeof ZDocumentLanguage>;

export const ZSponsorship = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  event_title: z.string(),
  /** YYYY-MM-DD */
  event_date: z.string(),
  organisation_id: z.number().int(),
  organisation_name: z.string(),
  sponsor_email: z.string(),
  /** The sponsor's organisation as the sponsor entered it (profile's public name, else legal name); null until then. */
  sponsor_name: z.string().nullable(),
  status: ZSponsorshipStatus,
  amount_cents: z.number().int().nullable(),
  /** The event's sponsor agreement(s) to download and sign. */
  agreement_files: z.array(ZEventFile),
  signed_agreement: ZSignedAgreement.nullable(),
  agreement_downloaded_at: z.string().nullable(),
  /** The language the sponsor uses (their app tells it); null until told. */
  sponsor_language: ZDocumentLanguage.nullable(),
  /** The organiser's language for this agreement; null = the sponsor's (decision 074). */
  agreement_language: ZDocumentLanguage.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SponsorshipWire = z.infer<typeof ZSponsorship>;

/** GET /event/{id}/sponsorships (organisers of the event's organisation) */
export const ZListSponsorshipsResponse = z.array(ZSponsorship);

/**
 * PUT /sponsorships/{id}/sponsor-language: the sponsor (account or invitation link) tells the language
 * they use; their documents follow it unless the organiser chose one (decision 074). → ZSponsorship.
 */
export const ZTellSponsorLanguageRequest = z.object({ language: ZDocumentLanguage });
export type TellSponsorLanguageRequest = z.infer<typeof ZTellSponsorLanguageRequest>;

/** POST /sponsorships/{id}/signed-agreement/upload-url: answered with ZCreateUploadResponse. */
export const ZSignedAgreementUploadRequest = z.object({ file_name: z.string().trim().min(1).max(255) });

/** PUT /sponsorships/{id}/signed-agreement: the upload to keep as the signed copy. */
export const ZAttachSignedAgreementRequest = z.object({
  s3_id: z.string().min(1).max(100),
  key: z.string().min(1).max(500),
});

/** The statuses an open sponsorship can still reach: invited, downloaded, signed. */
export const OPEN_SPONSORSHIP_STATUSES = [
  'invited',
  'downloaded',
  'signed',
] as const satisfies readonly SponsorshipStatus[];

/**
 * POST /sponsorships/{id}/status: organisers confirm (from `signed`) or decline (while open); the
 * sponsor withdraws (while open). A wrong transition is 409.
 */
export const ZChangeSponsorshipStatusRequest = z.object({ status: z.enum(['confirmed', 'declined', 'withdrawn']) });
export type ChangeSponsorshipStatusRequest = z.infer<typeof ZChangeSponsorshipStatusRequest>;

/** PATCH /sponsorships/{id}: organisers change the amount (euro cents) while the sponsorship is open. */
/** PATCH /sponsorships/{id}: an amount other than the chosen package's price needs a note (logged either way). */
export const ZUpdateSponsorshipRequest = z.object({
  amount_cents: z.number().int().min(0).max(100_000_000_00),
  note: z.string().trim().max(500).optional(),
});
export type UpdateSponsorshipRequest = z.infer<typeof ZUpdateSponsorshipRequest>;

/** GET /sponsorships: the signed-in sponsor's sponsorships (their address), newest event first. */
export const ZListMySponsorshipsResponse = z.array(ZSponsorship);
