// Table types of the sponsor-profiles module (migrations 0017 and 0023), beside schema.ts to keep each file short.
import type { Generated } from 'kysely';
import type { DbBool, DbTime } from './schema.ts';

/** A sponsor's public profile, one per sponsor address (guest link and account share it). */
export type SponsorProfilesTable = {
  id: Generated<number>;
  email_normalized: string;
  public_name: string;
  description_de: string;
  description_en: string;
  website: string | null;
  /** Blob key sponsor-logos/{id}/{content hash}.webp of the re-encoded logo. */
  logo_key: string | null;
  logo_width: number | null;
  logo_height: number | null;
  created_at: DbTime;
  updated_at: DbTime;
};

/** The sponsor agreed that this sponsorship is shown on its event's sponsor wall (no row: not shown). */
export type SponsorWallConsentsTable = {
  sponsorship_id: number;
  consented_at: DbTime;
};

/** The organiser switched the event's public sponsor wall on or off. */
export type SponsorWallsTable = {
  event_id: number;
  enabled: DbBool;
  updated_by: string;
  updated_at: DbTime;
};

/** A sponsor's legal and billing details, one per sponsor address (0023): agreement party and invoice buyer. */
export type SponsorLegalDetailsTable = {
  email_normalized: string;
  legal_name: string;
  street: string;
  house_number: string;
  postal_code: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  vat_id: string | null;
  billing_email: string | null;
  language: 'de' | 'en';
  updated_at: DbTime;
};

export type SponsorProfileTables = {
  sponsor_profiles: SponsorProfilesTable;
  sponsor_wall_consents: SponsorWallConsentsTable;
  sponsor_walls: SponsorWallsTable;
  sponsor_legal_details: SponsorLegalDetailsTable;
};
