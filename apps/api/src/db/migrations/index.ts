// The ordered list of migrations. Each entry is a function of the engine so one file serves both.
import { bulkJobs } from './0047_bulk_jobs.ts';
import { readinessRevisions } from './0050_readiness_revisions.ts';
import { outboxIdempotency } from './0051_outbox_idempotency.ts';
import { renewals } from './0055_renewals.ts';
import { wallStats } from './0057_wall_stats.ts';
import { revisionsNothingReads } from './0058_revisions_nothing_reads.ts';
import { sponsorReports } from './0060_sponsor_reports.ts';
import { sponsorNotes } from './0061_sponsor_notes.ts';
import { webhooks } from './0064_webhooks.ts';
import type { Migration } from 'kysely';
import type { Engine } from '../column-types.ts';
import { invitationCodes } from './0001_invitation_codes.ts';
import { identity } from './0002_identity.ts';
import { profiles } from './0003_profiles.ts';
import { events } from './0004_events.ts';
import { invitations } from './0005_invitations.ts';
import { sponsorshipDocuments } from './0006_sponsorship_documents.ts';
import { chat } from './0007_chat.ts';
import { chatCounters } from './0008_chat_counters.ts';
import { notifications } from './0009_notifications.ts';
import { settings } from './0010_settings.ts';
import { agreementArchive } from './0011_agreement_archive.ts';
import { readRevisions } from './0012_read_revisions.ts';
import { chatListRevisions } from './0013_chat_list_revisions.ts';
import { chatListChanges } from './0027_chat_list_changes.ts';
import { chatListBumpsPerStatement } from './0032_chat_list_bumps_per_statement.ts';
import { sponsorNameRevisions } from './0034_sponsor_name_revisions.ts';
import { sponsorVatIdLength } from './0028_sponsor_vat_id_length.ts';
import { identityAddressLimits } from './0014_identity_address_limits.ts';
import { packages } from './0015_packages.ts';
import { fulfilment } from './0016_fulfilment.ts';
import { sponsorProfiles } from './0017_sponsor_profiles.ts';
import { workday } from './0018_workday.ts';
import { packageRevisions } from './0020_package_revisions.ts';
import { dashboardView } from './0021_dashboard_view.ts';
import { activityAmountBigint } from './0022_activity_amount_bigint.ts';
import { sponsorLegalDetails } from './0023_sponsor_legal_details.ts';
import { shipments } from './0039_shipments.ts';
import { billingSettings } from './0025_billing_settings.ts';
import { invoices } from './0026_invoices.ts';
import { agreements } from './0024_agreements.ts';
import { oneInvoiceDraft } from './0029_one_invoice_draft.ts';
import { keysetPaging } from './0030_keyset_paging.ts';
import { sealedTotpSecrets } from './0031_sealed_totp_secrets.ts';
import { invoiceInvariants } from './0033_invoice_invariants.ts';
import { operatorLog } from './0036_operator_log.ts';
import { documentLanguages } from './0035_document_languages.ts';
import { sponsorTickets } from './0038_sponsor_tickets.ts';
import { calendarFeeds } from './0043_calendar_feeds.ts';
import { ticketHolderEmails } from './0041_ticket_holder_emails.ts';
import { assets } from './0040_assets.ts';
import { assetProofs } from './0044_asset_proofs.ts';
import { shipmentReceiver } from './0042_shipment_receiver.ts';
import { readinessChasers } from './0037_readiness_chasers.ts';
import { deliveryEvidence } from './0059_delivery_evidence.ts';
import { sponsorNamesInChatLists } from './0046_sponsor_names_in_chat_lists.ts';

export function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    '0001_invitation_codes': invitationCodes(engine),
    '0002_identity': identity(engine),
    '0003_profiles': profiles(engine),
    '0004_events': events(engine),
    '0005_invitations': invitations(engine),
    '0006_sponsorship_documents': sponsorshipDocuments(engine),
    '0007_chat': chat(engine),
    '0008_chat_counters': chatCounters(engine),
    '0009_notifications': notifications(engine),
    '0010_settings': settings(engine),
    '0011_agreement_archive': agreementArchive(engine),
    '0012_read_revisions': readRevisions(engine),
    '0013_chat_list_revisions': chatListRevisions(engine),
    '0014_identity_address_limits': identityAddressLimits(engine),
    '0015_packages': packages(engine),
    '0016_fulfilment': fulfilment(engine),
    '0017_sponsor_profiles': sponsorProfiles(engine),
    '0018_workday': workday(engine),
    '0020_package_revisions': packageRevisions(engine),
    '0021_dashboard_view': dashboardView(),
    '0022_activity_amount_bigint': activityAmountBigint(engine),
    '0023_sponsor_legal_details': sponsorLegalDetails(engine),
    '0025_billing_settings': billingSettings(engine),
    '0026_invoices': invoices(engine),
    '0024_agreements': agreements(engine),
    '0030_keyset_paging': keysetPaging(engine),
    '0031_sealed_totp_secrets': sealedTotpSecrets(engine),
    '0027_chat_list_changes': chatListChanges(engine),
    '0028_sponsor_vat_id_length': sponsorVatIdLength(engine),
    '0029_one_invoice_draft': oneInvoiceDraft(),
    '0032_chat_list_bumps_per_statement': chatListBumpsPerStatement(engine),
    '0033_invoice_invariants': invoiceInvariants(engine),
    '0034_sponsor_name_revisions': sponsorNameRevisions(engine),
    '0036_operator_log': operatorLog(engine),
    '0035_document_languages': documentLanguages(),
    '0038_sponsor_tickets': sponsorTickets(engine),
    '0040_assets': assets(engine),
    '0039_shipments': shipments(engine),
    '0037_readiness_chasers': readinessChasers(engine),
    '0041_ticket_holder_emails': ticketHolderEmails(engine),
    '0042_shipment_receiver': shipmentReceiver(),
    '0043_calendar_feeds': calendarFeeds(engine),
    '0044_asset_proofs': assetProofs(engine),
    '0046_sponsor_names_in_chat_lists': sponsorNamesInChatLists(engine),
    '0047_bulk_jobs': bulkJobs(engine),
    '0050_readiness_revisions': readinessRevisions(engine),
    '0051_outbox_idempotency': outboxIdempotency(),
    '0055_renewals': renewals(engine),
    '0057_wall_stats': wallStats(),
    '0058_revisions_nothing_reads': revisionsNothingReads(engine),
    '0060_sponsor_reports': sponsorReports(engine),
    '0061_sponsor_notes': sponsorNotes(engine),
    '0064_webhooks': webhooks(engine),
    '0059_delivery_evidence': deliveryEvidence(engine),
  };
}
