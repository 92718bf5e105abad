// Fulfilment of confirmed sponsorships (issue 18, point 3): each benefit of the sponsorship's package
// becomes a deliverable with a status, an assignee, a due date, comments and, where the sponsor must
// deliver something, the sponsor's input; every change is in an activity log both parties see.
import { z } from 'zod';
import { ZBenefitKind } from './packages.ts';

export const DELIVERABLE_STATUSES = ['open', 'in_progress', 'done', 'waived'] as const;
export const ZDeliverableStatus = z.enum(DELIVERABLE_STATUSES);
export type DeliverableStatus = z.infer<typeof ZDeliverableStatus>;

export const FULFILMENT_LIMITS = { input: 2000, comment: 2000 } as const;

export const ZDeliverableComment = z.object({
  id: z.number().int(),
  at: z.string(),
  side: z.enum(['organisation', 'sponsor']),
  /** The sponsor's address, or the organisation member's; the sponsor sees the organisation's name instead. */
  by: z.string(),
  text: z.string(),
});
export type DeliverableCommentWire = z.infer<typeof ZDeliverableComment>;

export const ZDeliverable = z.object({
  id: z.number().int(),
  sponsorship_id: z.number().int(),
  event_id: z.number().int(),
  event_title: z.string(),
  sponsor_email: z.string(),
  title: z.string(),
  kind: ZBenefitKind,
  needs_sponsor_input: z.boolean(),
  /** YYYY-MM-DD */
  due_date: z.string().nullable(),
  status: ZDeliverableStatus,
  /** A team member's account id, or null. */
  /** The member in charge, for the organisation; always null for the sponsor. */
  assignee: z.string().nullable(),
  sponsor_input: z.string().nullable(),
  provided_at: z.string().nullable(),
  overdue: z.boolean(),
  comments: z.array(ZDeliverableComment),
});
export type DeliverableWire = z.infer<typeof ZDeliverable>;

export const DELIVERABLE_ACTIVITY_KINDS = [
  'created',
  'status_changed',
  'assigned',
  'due_date_changed',
  'input_provided',
  'logo_provided',
  'commented',
  // Assets (issue 59): detail = the round number (and the comment of a change request)
  'asset_spec_set',
  'asset_uploaded',
  'asset_approved',
  'asset_change_requested',
  // Evidence (issue 60): detail = the kind and its note, link or caption (cut), or the comment
  'evidence_added',
  'evidence_removed',
  'evidence_thumbs_up',
  'evidence_commented',
] as const;
export const ZDeliverableActivity = z.object({
  id: z.number().int(),
  at: z.string(),
  side: z.enum(['organisation', 'sponsor', 'system']),
  /** The sponsor's address, or the organisation member's; the sponsor sees the organisation's name instead. */
  by: z.string(),
  kind: z.enum(DELIVERABLE_ACTIVITY_KINDS),
  /** The deliverable's title. */
  title: z.string().nullable(),
  /** What changed (a new status, an assignee, a date). */
  detail: z.string().nullable(),
});
export type DeliverableActivityWire = z.infer<typeof ZDeliverableActivity>;

/** GET /sponsorships/{id}/deliverables: for both parties (the sponsor also by the invitation link). */
export const ZSponsorshipDeliverablesResponse = z.object({
  deliverables: z.array(ZDeliverable),
  activity: z.array(ZDeliverableActivity),
});
export type SponsorshipDeliverablesResponse = z.infer<typeof ZSponsorshipDeliverablesResponse>;

/** GET /fulfilment and GET /event/{id}/deliverables: filters (all optional). */
export const ZDeliverablesQuery = z.object({
  status: ZDeliverableStatus.optional(),
  /** An account id, or `none` for unassigned. */
  assignee: z.string().trim().min(1).max(128).optional(),
  /** Due on or before this day (YYYY-MM-DD). */
  due_before: z.iso.date().optional(),
  /** Part of the sponsor's address. */
  sponsor: z.string().trim().min(1).max(320).optional(),
  event_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type DeliverablesQuery = z.infer<typeof ZDeliverablesQuery>;

export const ZListDeliverablesResponse = z.object({
  deliverables: z.array(ZDeliverable),
  /** The organisation's members who can be assigned. */
  team: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ListDeliverablesResponse = z.infer<typeof ZListDeliverablesResponse>;

/** PATCH /deliverables/{id}: the organisers' changes (what is given changes). */
export const ZUpdateDeliverableRequest = z
  .object({
    status: ZDeliverableStatus.optional(),
    assignee: z.string().trim().min(1).max(128).nullable().optional(),
    due_date: z.iso.date().nullable().optional(),
  })
  .refine((b) => b.status !== undefined || b.assignee !== undefined || b.due_date !== undefined, {
    message: 'nothing_to_change',
  });
export type UpdateDeliverableRequest = z.infer<typeof ZUpdateDeliverableRequest>;

/** PUT /deliverables/{id}/input: the sponsor's text (company text, talk title, names for tickets). */
export const ZProvideDeliverableInputRequest = z.object({
  text: z.string().trim().min(1).max(FULFILMENT_LIMITS.input),
});

/** POST /deliverables/{id}/comments: either party. */
export const ZAddDeliverableCommentRequest = z.object({
  text: z.string().trim().min(1).max(FULFILMENT_LIMITS.comment),
});

/** GET /organisation/{id}/fulfilment-summary: per event, done of total and overdue. */
export const ZFulfilmentSummaryResponse = z.array(
  z.object({
    event_id: z.number().int(),
    total: z.number().int(),
    done: z.number().int(),
    overdue: z.number().int(),
  }),
);
export type FulfilmentSummaryWire = z.infer<typeof ZFulfilmentSummaryResponse>;

/** GET /my-deliverables: the signed-in sponsor's open deliverables (dashboard). */
export const ZMyDeliverablesResponse = z.array(ZDeliverable);
