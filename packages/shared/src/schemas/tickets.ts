// Named sponsor tickets and check-in (issue 59 point 5, decision 081): the seats of a sponsorship's
// tickets benefits, the people named for them, the door's check-in and the organiser's list.
import { z } from 'zod';
import { ZInviteEmail } from './invitations.ts';

export const TICKET_LIMITS = { name: 200, code: 200 } as const;

export const ZTicketHolder = z.object({
  id: z.number().int(),
  deliverable_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** ISO time of arrival, null until checked in. */
  checked_in_at: z.string().nullable(),
  /** Name and e-mail were deleted 90 days after the event (decision 086): both are empty then. */
  erased: z.boolean(),
});
export type TicketHolderWire = z.infer<typeof ZTicketHolder>;

export const ZTicketBenefit = z.object({
  deliverable_id: z.number().int(),
  title: z.string(),
  quota: z.number().int(),
  /** YYYY-MM-DD: the last day to name or change people. */
  deadline: z.string(),
  /** Before the deadline: people may be named, changed and removed. */
  open: z.boolean(),
  holders: z.array(ZTicketHolder),
});

/** GET /sponsorships/{id}/tickets */
export const ZSponsorshipTicketsResponse = z.object({
  sponsorship_id: z.number().int(),
  event_id: z.number().int(),
  event_title: z.string(),
  benefits: z.array(ZTicketBenefit),
});
export type SponsorshipTicketsResponse = z.infer<typeof ZSponsorshipTicketsResponse>;

/** POST /sponsorships/{id}/tickets and PUT /tickets/{id} */
export const ZNameTicketHolderRequest = z.object({
  name: z.string().trim().min(1).max(TICKET_LIMITS.name),
  email: ZInviteEmail,
});
export const ZAddTicketHolderRequest = ZNameTicketHolderRequest.extend({
  deliverable_id: z.number().int().min(1).max(2_147_483_647),
});
export type AddTicketHolderRequest = z.input<typeof ZAddTicketHolderRequest>;

/** POST /event/{id}/check-in */
export const ZCheckInRequest = z.object({ code: z.string().trim().min(1).max(TICKET_LIMITS.code) });
export const ZCheckInResponse = z.object({
  /** admitted: this scan marked the arrival; already_checked_in: an earlier one did, at checked_in_at. */
  result: z.enum(['admitted', 'already_checked_in']),
  checked_in_at: z.string(),
  name: z.string(),
  sponsor_email: z.string(),
});
export type CheckInResponse = z.infer<typeof ZCheckInResponse>;

/** GET /event/{id}/tickets: everyone named for the event, with the sponsorship they came through. */
export const ZEventTicketsResponse = z.object({
  event_id: z.number().int(),
  seats: z.number().int(),
  named: z.number().int(),
  checked_in: z.number().int(),
  holders: z.array(ZTicketHolder.extend({ sponsorship_id: z.number().int(), sponsor_email: z.string() })),
});
export type EventTicketsResponse = z.infer<typeof ZEventTicketsResponse>;
