// Signed agreements kept after their organisation was deleted (legal retention, decision 010), as
// their sponsor sees them, snake_case on the wire.
import { z } from 'zod';
import { ZSponsorshipStatus } from './sponsorships.ts';

/** One archived agreement; its PDF is at GET /archived-agreements/{id}/file. */
export const ZArchivedAgreement = z.object({
  id: z.number().int(),
  organisation_name: z.string(),
  organisation_address: z.string(),
  event_title: z.string(),
  /** YYYY-MM-DD */
  event_date: z.string(),
  sponsor_email: z.string(),
  amount_cents: z.number().int().nullable(),
  /** The sponsorship's status when the organisation was deleted. */
  status: ZSponsorshipStatus,
  file_name: z.string(),
  size: z.number().int().nullable(),
  signed_uploaded_at: z.string(),
  archived_at: z.string(),
  /** Kept until then; removed afterwards. */
  retain_until: z.string(),
});
export type ArchivedAgreementWire = z.infer<typeof ZArchivedAgreement>;

/** GET /archived-agreements: the signed-in sponsor's own (sponsor address = their e-mail). */
export const ZListArchivedAgreementsResponse = z.array(ZArchivedAgreement);
