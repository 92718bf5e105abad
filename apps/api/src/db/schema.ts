// Table types for Kysely. Column types are what both engines accept on write; repositories
// normalise what comes back (dates, booleans, numbers) so both engines return the same objects.
import type { Generated } from 'kysely';
import type { AgreementTables } from './schema-agreements.ts';
import type { AssetTables } from './schema-assets.ts';
import type { FulfilmentTables } from './schema-fulfilment.ts';
import type { TicketTables } from './schema-tickets.ts';
import type { InvoiceTables } from './schema-invoices.ts';
import type { SponsorProfileTables } from './schema-sponsor-profiles.ts';
import type { ShipmentTables } from './schema-shipments.ts';
import type { CalendarFeedTables } from './schema-calendar-feeds.ts';
import type { WallStatsTables } from './schema-wall-stats.ts';
import type { EvidenceTables } from './schema-evidence.ts';
import type { SponsorReportTables } from './schema-sponsor-reports.ts';
import type { WebhookTables } from './schema-webhooks.ts';

/** Written as ISO-8601 strings; read back as Date (PostgreSQL) or string (SQLite). */
export type DbTime = string | Date;
/** Written as 0 / 1; read back as boolean (PostgreSQL) or number (SQLite). */
export type DbBool = number | boolean;
/** COUNT(*) and bigint come back as string from PostgreSQL. */
export type DbCount = number | string | bigint;

export type InvitationCodesTable = {
  id: Generated<number>;
  code: string;
  max_uses: number | null;
  uses: Generated<number>;
  expires_at: DbTime | null;
  created_at: DbTime;
  note: string | null;
};

export type OrganisationsTable = {
  id: Generated<number>;
  name: string;
  street: string;
  house_number: string;
  postal_code: string;
  city: string;
  country: string;
  phone_number: string | null;
  created_at: DbTime;
  updated_at: DbTime;
  // `revision` (0012) is still in the table, no longer moved (0058): the version before reads it.
};

export type UserProfilesTable = {
  cognito_id: string;
  email: string;
  email_normalized: string;
  role: string | null;
  organisation_id: number | null;
  organisation_role: string | null;
  profile_picture: string | null;
  onboarding_completed: Generated<DbBool>;
  language: string | null;
  /** Chat e-mail notices wanted (default true). */
  chat_email_notices: Generated<DbBool>;
  fulfilment_digest: Generated<DbBool>;
  /** The dashboard a user with both roles saw last: 'organiser' | 'sponsor' (null: not chosen). */
  dashboard_view: string | null;
  created_at: DbTime;
  updated_at: DbTime;
};

export type IdentityUsersTable = {
  sub: string;
  email: string;
  email_normalised: string;
  email_verified: DbBool;
  pending_email: string | null;
  status: string;
  password_hash: string;
  /** JSON object of the other user attributes (name, locale, custom:*). */
  attributes: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled: DbBool;
  totp_last_step: number | null;
  tokens_valid_after: DbTime | null;
  created_at: DbTime;
  updated_at: DbTime;
};

export type IdentityCodesTable = {
  id: Generated<number>;
  user_sub: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: DbTime;
  expires_at: DbTime;
};

export type IdentitySessionsTable = {
  origin_jti: string;
  user_sub: string;
  refresh_token_hash: string;
  client_id: string;
  device_key: string | null;
  auth_time: DbTime;
  created_at: DbTime;
  expires_at: DbTime;
  revoked_at: DbTime | null;
};

export type IdentityDevicesTable = {
  device_key: string;
  user_sub: string;
  device_group_key: string;
  name: string | null;
  remembered: DbBool;
  password_verifier: string;
  salt: string;
  last_ip: string | null;
  created_at: DbTime;
  updated_at: DbTime;
  last_authenticated_at: DbTime;
};

export type IdentityLockoutsTable = {
  subject: string;
  failures: number;
  locked_until: DbTime | null;
  last_failure_at: DbTime;
};

export type IdentityThrottleEventsTable = {
  id: Generated<number>;
  subject: string;
  kind: string;
  at: DbTime;
};

export type IdentityAddressWindowsTable = {
  kind: string;
  subject: string;
  last_claim_at: DbTime;
};

export type IdentityAddressHitsTable = {
  id: Generated<number>;
  kind: string;
  subject: string;
  at: DbTime;
};

export type IdentityKeysTable = {
  name: string;
  kid: string;
  secret: string;
  public_jwk: string | null;
  created_at: DbTime;
};

export type OutboxTable = {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  /** JSON: [{ filename, content_type, size }] of the attachments (0026), or null. */
  attachments?: string | null;
  /** What the mail is for, unique where set (0051): a retry with the same key stores nothing. */
  idempotency_key?: string | null;
  created_at: DbTime;
};

export type EventsTable = {
  id: Generated<number>;
  organisation_id: number;
  title: string;
  /** YYYY-MM-DD */
  event_date: string;
  location: string;
  description: string;
  created_by: string | null;
  created_at: DbTime;
  updated_at: DbTime;
  /** Hidden from the lists until unarchived (migration 0018). */
  archived_at: DbTime | null;
  /** The event this one is the next edition of (migration 0055). */
  previous_event_id?: number | null;
};

/** A renewal offered to a sponsor of the previous edition (migration 0055); status by conditional updates. */
export type RenewalOffersTable = {
  id: Generated<number>;
  organisation_id: number;
  event_id: number;
  previous_sponsorship_id: number;
  sponsorship_id: number;
  package_id: number;
  /** YYYY-MM-DD, the last day to answer. */
  deadline: string;
  language: 'de' | 'en';
  status: 'offered' | 'accepted' | 'declined';
  offered_by: string;
  offered_at: DbTime;
  decided_at: DbTime | null;
};

export type EventFileStatus = 'pending' | 'uploading' | 'stored';

export type EventFilesTable = {
  s3_id: string;
  event_id: number;
  organisation_id: number;
  key: string;
  name: string;
  size: number | null;
  status: EventFileStatus;
  attached: Generated<DbBool>;
  created_at: DbTime;
  expires_at: DbTime;
  uploaded_at: DbTime | null;
  /** Set for a sponsor's signed agreement: not one of the event's own files. */
  sponsorship_id: number | null;
};

export type ServerSecretsTable = {
  name: string;
  /** base64 */
  secret: string;
  created_at: DbTime;
};

/**
 * invited -> downloaded (agreement downloaded) -> signed (signed agreement uploaded) -> confirmed by
 * the organiser; or declined / withdrawn. Open = neither confirmed nor ended.
 */
export type SponsorshipStatus = 'invited' | 'downloaded' | 'signed' | 'confirmed' | 'declined' | 'withdrawn';

/** A sponsoring package of an event (0014); `sold` is changed only by conditional updates. */
export type PackagesTable = {
  id: Generated<number>;
  event_id: number;
  organisation_id: number;
  name: string;
  description: string;
  price_cents: number;
  currency: string;
  capacity: number | null;
  sold: Generated<number>;
  position: number;
  archived: Generated<DbBool>;
  created_at: DbTime;
  updated_at: DbTime;
};

export type PackageBenefitsTable = {
  id: Generated<number>;
  package_id: number;
  position: number;
  title: string;
  kind: string;
  due_date: string | null;
  sponsor_delivers: DbBool;
  /** Seats of a tickets benefit (migration 0038); null = one. */
  quantity: number | null;
};

export type SponsorshipOffersTable = { sponsorship_id: number; package_id: number };

export type SponsorshipChoicesTable = { sponsorship_id: number; package_id: number; chosen_at: DbTime };

export type SponsorshipActivityTable = {
  id: Generated<number>;
  sponsorship_id: number;
  at: DbTime;
  side: 'organisation' | 'sponsor';
  actor: string;
  kind:
    | 'offered'
    | 'chosen'
    | 'assigned'
    | 'amount_changed'
    | 'status_changed'
    | 'invoice_issued'
    | 'invoice_cancelled'
    | 'invoice_paid'
    | 'agreement_voided';
  package_name: string | null;
  /** bigint on PostgreSQL (0022): may come back as a string. */
  amount_cents: number | string | null;
  note: string | null;
  from_status?: string | null;
  to_status?: string | null;
};

export type SponsorshipsTable = {
  id: Generated<number>;
  event_id: number;
  organisation_id: number;
  sponsor_email: string;
  sponsor_email_normalized: string;
  status: SponsorshipStatus;
  /** bigint on PostgreSQL: may come back as a string. */
  amount_cents: number | string | null;
  sponsor_cognito_id: string | null;
  created_at: DbTime;
  updated_at: DbTime;
  /** event_files.s3_id of the signed agreement. */
  signed_file_id: string | null;
  agreement_downloaded_at: DbTime | null;
  signed_uploaded_at: DbTime | null;
  /** The language the sponsor uses (told by their app), null until told (migration 0035). */
  sponsor_language: 'de' | 'en' | null;
  /** The organiser's language for this agreement, null = follow the sponsor (migration 0035). */
  agreement_language: 'de' | 'en' | null;
};

export type InvitationKind = 'team' | 'sponsor';

export type InvitationsTable = {
  id: Generated<number>;
  /** SHA-256 of the raw token, hex. */
  token_hash: string;
  kind: InvitationKind;
  organisation_id: number;
  email: string;
  email_normalized: string;
  role: string;
  event_id: number | null;
  sponsorship_id: number | null;
  invited_by: string | null;
  created_at: DbTime;
  expires_at: DbTime;
  accepted_at: DbTime | null;
  accepted_by: string | null;
  /** Revoked by the organisation: the link says so instead of working (migration 0018). */
  revoked_at: DbTime | null;
};

export type ConversationsTable = {
  id: Generated<number>;
  organisation_id: number;
  sponsor_email: string;
  sponsor_email_normalized: string;
  created_at: DbTime;
  /** Last activity: creation or the newest message. */
  updated_at: DbTime;
  organisation_notified_at: DbTime | null;
  sponsor_notified_at: DbTime | null;
  /** The newest message (highest id), kept by the message writes; null before the first. */
  last_message_id: number | null;
  /** Unread messages sent by each side, kept by the message writes and read marking. */
  unread_from_organisation: Generated<number>;
  unread_from_sponsor: Generated<number>;
  /** Who wrote the newest participant message (organisation or sponsor; notices do not count). */
  last_participant_side: string | null;
};

export type MessageSenderSide = 'organisation' | 'sponsor' | 'system';
export type MessageKind = 'text' | 'notification';

export type MessagesTable = {
  id: Generated<number>;
  conversation_id: number;
  sender_side: MessageSenderSide;
  sender_id: string | null;
  sender_name: string;
  body: string;
  type: MessageKind;
  sent_at: DbTime;
  read_at: DbTime | null;
};

/** In-app alerts of one account; `params` is a JSON object of strings. */
export type NotificationsTable = {
  id: Generated<number>;
  recipient_id: string;
  kind: string;
  params: string;
  link: string;
  /** Set for new-message alerts: one unread alert per conversation and recipient. */
  conversation_id: number | null;
  count: Generated<number>;
  created_at: DbTime;
  read_at: DbTime | null;
};

/** A signed agreement kept after its organisation was deleted (migration 0011, decision 010). */
export type ArchivedAgreementsTable = {
  id: Generated<number>;
  organisation_id: number;
  organisation_name: string;
  /** Street, postal code, city and country of the organisation, one line. */
  organisation_address: string;
  event_id: number;
  event_title: string;
  /** YYYY-MM-DD */
  event_date: string;
  sponsorship_id: number;
  sponsor_email: string;
  sponsor_email_normalized: string;
  /** bigint on PostgreSQL: may come back as a string. */
  amount_cents: number | string | null;
  status: SponsorshipStatus;
  file_name: string;
  /** Where the PDF is now: organisations/... until it was copied to archive/..., then there. */
  blob_key: string;
  size: number | null;
  signed_uploaded_at: DbTime;
  archived_at: DbTime;
  retain_until: DbTime;
};

/** Who changed what an owner must be able to see (migration 0036, decision 077). */
export type OperatorLogTable = {
  id: Generated<number>;
  /** null: an operator command that concerns no one organisation (shown to every owner). */
  organisation_id: number | null;
  actor_kind: 'user' | 'operator';
  /** The user's e-mail address, or the operating-system account that ran the command. */
  actor: string;
  action: string;
  /** JSON object of the entry's particulars, or null. */
  details: string | null;
  created_at: DbTime;
};

/** A chaser of the readiness board in its outbox (migration 0037, decision 080). */
export type ChaseOutboxTable = {
  id: Generated<number>;
  organisation_id: number;
  event_id: number;
  sponsorship_id: number;
  recipient: string;
  language: 'de' | 'en';
  /** The day (Berlin) of an ordinary chase; the day and request id of an override. */
  limit_key: string;
  override: number;
  /** JSON array of the missing items listed in the mail. */
  items: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: DbTime;
  claimed_until: DbTime | null;
  last_error: string | null;
  created_by: string;
  created_at: DbTime;
  sent_at: DbTime | null;
};

/** What an organisation's readiness boards show moved (migration 0050, decision 096); triggers write it. */
export type ReadinessRevisionsTable = { organisation_id: number; revision: number };

/** Bulk work as a persistent job (decision 093); written by the invoices module. */
export type BulkJobTable = {
  id: Generated<number>;
  organisation_id: number;
  event_id: number;
  kind: 'invoices.issue-drafts' | 'invoices.send';
  scope: string;
  /** Kind and scope while the job is queued or running; null once done (unique). */
  active_key: string | null;
  state: 'queued' | 'running' | 'done';
  /** JSON array of the items with each one's state and result. */
  items: string;
  total: number;
  done: number;
  claim_token: string | null;
  claimed_until: DbTime | null;
  created_by_sub: string;
  created_by_email: string | null;
  created_at: DbTime;
  finished_at: DbTime | null;
};

export type Database = {
  organisations: OrganisationsTable;
  user_profiles: UserProfilesTable;
  invitation_codes: InvitationCodesTable;
  identity_users: IdentityUsersTable;
  identity_codes: IdentityCodesTable;
  identity_sessions: IdentitySessionsTable;
  identity_devices: IdentityDevicesTable;
  identity_lockouts: IdentityLockoutsTable;
  identity_throttle_events: IdentityThrottleEventsTable;
  identity_keys: IdentityKeysTable;
  identity_address_windows: IdentityAddressWindowsTable;
  identity_address_hits: IdentityAddressHitsTable;
  outbox: OutboxTable;
  events: EventsTable;
  event_files: EventFilesTable;
  server_secrets: ServerSecretsTable;
  sponsorships: SponsorshipsTable;
  invitations: InvitationsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  notifications: NotificationsTable;
  archived_agreements: ArchivedAgreementsTable;
  packages: PackagesTable;
  package_benefits: PackageBenefitsTable;
  sponsorship_offers: SponsorshipOffersTable;
  sponsorship_choices: SponsorshipChoicesTable;
  sponsorship_activity: SponsorshipActivityTable;
  operator_log: OperatorLogTable;
  chase_outbox: ChaseOutboxTable;
  renewal_offers: RenewalOffersTable;
  bulk_jobs: BulkJobTable;
  readiness_revisions: ReadinessRevisionsTable;
} & FulfilmentTables &
  TicketTables &
  SponsorProfileTables &
  InvoiceTables &
  AgreementTables &
  AssetTables &
  ShipmentTables &
  CalendarFeedTables &
  WallStatsTables &
  SponsorReportTables &
  WebhookTables &
  EvidenceTables;
