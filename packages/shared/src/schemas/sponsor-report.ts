// The sealed sponsor report (issue 60 point 3, decision 108): its state for both parties and the
// organiser's "send it now".
import { z } from 'zod';

/** GET /sponsorships/{id}/report and the answer of POST /sponsorships/{id}/report/send */
export const ZSponsorReportState = z.object({
  sponsorship_id: z.number().int(),
  /** Only a confirmed sponsorship has a report. */
  available: z.boolean(),
  language: z.enum(['de', 'en']),
  /** The last report sealed, null before the first download or send. */
  last_sealed: z.object({ sha256: z.string(), sealed_at: z.string(), size: z.number().int() }).nullable(),
  /** When the report was mailed to the sponsor after the event (once, by the day-after job), or null. */
  sent_after_event_at: z.string().nullable(),
  links: z.object({ pdf: z.string(), verify_page: z.string() }),
});
export type SponsorReportState = z.infer<typeof ZSponsorReportState>;

/** The answer of POST /sponsorships/{id}/report/send: to whom it went. */
export const ZSendSponsorReportResponse = ZSponsorReportState.extend({ sent_to: z.string() });
export type SendSponsorReportResponse = z.infer<typeof ZSendSponsorReportResponse>;
