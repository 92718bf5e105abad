// Table types of the agreements module (migration 0024), beside schema.ts to keep each file short.
import type { Generated } from 'kysely';
import type { DbBool, DbTime } from './schema.ts';

export type AgreementSettingsTable = {
  event_id: number;
  mode: 'upload' | 'generated';
  clauses: string;
  payment_term_days: number;
  members_may_countersign: DbBool;
  updated_at: DbTime;
};

export type AgreementSignaturesTable = {
  id: Generated<number>;
  sponsorship_id: number;
  side: 'sponsor' | 'organisation';
  full_name: string;
  position: string;
  email: string;
  signed_at: DbTime;
  ip: string;
  user_agent: string;
  document_sha256: string;
  /** PNG data URL, or null. */
  drawn_signature: string | null;
  /** JSON of the data the signed draft was made from. */
  snapshot: string;
  voided_at: DbTime | null;
  /** The changed draft's hash that voided it. */
  voided_by_sha256: string | null;
};

export type AgreementAuditTable = {
  id: Generated<number>;
  sponsorship_id: number;
  at: DbTime;
  kind: 'viewed' | 'signed' | 'voided' | 'completed';
  side: 'sponsor' | 'organisation' | 'system';
  actor: string;
  ip: string;
  user_agent: string;
  document_sha256: string | null;
};

export type SignedAgreementsTable = {
  sha256: string;
  sponsorship_id: number;
  organisation_id: number;
  event_id: number;
  sponsor_email_normalized: string;
  blob_key: string;
  size: number;
  completed_at: DbTime;
  retain_until: DbTime;
  /** JSON: [{ name, side, signed_at }] — what the public verification answers. */
  signers: string;
};

export type AgreementTables = {
  agreement_settings: AgreementSettingsTable;
  agreement_signatures: AgreementSignaturesTable;
  agreement_audit: AgreementAuditTable;
  signed_agreements: SignedAgreementsTable;
};
