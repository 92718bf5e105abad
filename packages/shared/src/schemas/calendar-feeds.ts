// Calendar feeds (issue 59 point 7, decision 088): subscribable ICS feeds of deadlines per
// organisation, per person responsible and per sponsorship, behind a secret link that can be revoked.
import { z } from 'zod';

export const CALENDAR_FEED_KINDS = ['organisation', 'person', 'sponsor'] as const;
export const ZCalendarFeedKind = z.enum(CALENDAR_FEED_KINDS);
export type CalendarFeedKind = z.infer<typeof ZCalendarFeedKind>;

/** Whether a feed of a scope is live (its link is shown once, when it is made). */
export const ZCalendarFeedStatus = z.object({
  kind: ZCalendarFeedKind,
  active: z.boolean(),
  created_at: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof ZCalendarFeedStatus>;

/** The organiser's two feeds: the organisation's and their own as the person responsible. */
export const ZListCalendarFeedsResponse = z.object({ feeds: z.array(ZCalendarFeedStatus) });
export type ListCalendarFeedsResponse = z.infer<typeof ZListCalendarFeedsResponse>;

/** Making a feed (a live one of the same scope stops working): the language of its entries. */
export const ZCreateCalendarFeedRequest = z.object({ language: z.enum(['de', 'en']) });
export type CreateCalendarFeedRequest = z.infer<typeof ZCreateCalendarFeedRequest>;

export const ZOrganiserFeedParams = z.object({ kind: z.enum(['organisation', 'person']) });

/** A new feed: the https link and the same as webcal:// for calendar apps, shown once. */
export const ZCreatedCalendarFeed = z.object({
  kind: ZCalendarFeedKind,
  url: z.string(),
  webcal_url: z.string(),
  created_at: z.string(),
});
export type CreatedCalendarFeed = z.infer<typeof ZCreatedCalendarFeed>;
