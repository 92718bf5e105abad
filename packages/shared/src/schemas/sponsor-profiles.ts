// A sponsor's public profile (issue 18, point 4) and the public sponsor wall of an event (point 5).
// The profile belongs to the sponsor's address, so the guest link and the account share it; the wall
// shows only what is meant to be public: no addresses, amounts or documents. snake_case on the wire.
import { z } from 'zod';
import { ZSponsorshipStatus } from './sponsorships.ts';

export const SPONSOR_PROFILE_LIMITS = {
  publicName: 120,
  description: 500,
  website: 300,
  /** What the server takes of a logo upload, in bytes. */
  logoBytes: 2 * 1024 * 1024,
  /** Width and height of an uploaded logo, read from its header before anything is decoded. */
  logoSide: 4096,
  /** The stored logo fits into this square. */
  storedSide: 1024,
} as const;

/** Only http(s) addresses: no javascript:, data: or relative links ever reach an href. */
export const ZWebsite = z
  .string()
  .trim()
  .max(SPONSOR_PROFILE_LIMITS.website)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && !url.username;
    } catch {
      return false;
    }
  }, 'website_invalid');

export const ZSponsorLogo = z.object({
  /** Relative to the API's origin; the content hash in it changes with the logo (cached for a year). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type SponsorLogoWire = z.infer<typeof ZSponsorLogo>;

export const ZSponsorProfile = z.object({
  public_name: z.string(),
  description_de: z.string(),
  description_en: z.string(),
  website: z.string().nullable(),
  logo: ZSponsorLogo.nullable(),
  /** null: nothing entered yet. */
  updated_at: z.string().nullable(),
});
export type SponsorProfileWire = z.infer<typeof ZSponsorProfile>;

/** A sponsorship of the caller with the consent to be shown on its event's sponsor wall. */
export const ZWallConsent = z.object({
  sponsorship_id: z.number().int(),
  event_title: z.string(),
  organisation_name: z.string(),
  status: ZSponsorshipStatus,
  show_on_wall: z.boolean(),
});
export type WallConsentWire = z.infer<typeof ZWallConsent>;

/** GET /sponsor-profile: the caller's profile and consents (a guest sees the sponsorship of the link). */
export const ZSponsorProfileResponse = z.object({
  profile: ZSponsorProfile,
  consents: z.array(ZWallConsent),
});
export type SponsorProfileResponse = z.infer<typeof ZSponsorProfileResponse>;

/** PUT /sponsor-profile */
export const ZSaveSponsorProfileRequest = z.object({
  public_name: z.string().trim().min(1).max(SPONSOR_PROFILE_LIMITS.publicName),
  description_de: z.string().trim().max(SPONSOR_PROFILE_LIMITS.description).default(''),
  description_en: z.string().trim().max(SPONSOR_PROFILE_LIMITS.description).default(''),
  website: z.union([ZWebsite, z.literal('').transform(() => null), z.null()]).default(null),
});
export type SaveSponsorProfileRequest = z.input<typeof ZSaveSponsorProfileRequest>;

/** PUT /sponsorships/{id}/wall-consent: set by the sponsor only. */
export const ZSetWallConsentRequest = z.object({ show_on_wall: z.boolean() });

export const WALL_SIZES = ['large', 'medium', 'small'] as const;
export const ZWallSize = z.enum(WALL_SIZES);
export type WallSize = z.infer<typeof ZWallSize>;

export const ZWallSponsor = z.object({
  /** The wall entry's id (its sponsorship): what the wall's anonymous counting names (decision 102). */
  id: z.number().int(),
  name: z.string(),
  logo: ZSponsorLogo.nullable(),
  website: z.string().nullable(),
  description_de: z.string(),
  description_en: z.string(),
});
export type WallSponsorWire = z.infer<typeof ZWallSponsor>;

/** One package's sponsors; groups come largest package first (by price), then those without one. */
export const ZWallGroup = z.object({
  package_name: z.string().nullable(),
  size: ZWallSize,
  sponsors: z.array(ZWallSponsor),
});
export type WallGroupWire = z.infer<typeof ZWallGroup>;

/** GET /public/events/{id}/sponsors: the public feed (no sign-in), only while the wall is switched on. */
export const ZSponsorWallFeed = z.object({
  event_id: z.number().int(),
  event_title: z.string(),
  organisation_name: z.string(),
  groups: z.array(ZWallGroup),
});
export type SponsorWallFeed = z.infer<typeof ZSponsorWallFeed>;

/** GET /event/{id}/sponsor-wall (organisers): the switch and what the public page would show. */
export const ZSponsorWallSettings = z.object({
  enabled: z.boolean(),
  preview: ZSponsorWallFeed,
});
export type SponsorWallSettings = z.infer<typeof ZSponsorWallSettings>;

/** PUT /event/{id}/sponsor-wall */
export const ZSetSponsorWallRequest = z.object({ enabled: z.boolean() });
