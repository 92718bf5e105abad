// The organiser dashboard's open tasks (issue 8): work waiting for the organisation, each item
// pointing to where it is done.
import { z } from 'zod';

export const ZOrganiserTasks = z.object({
  /** Events without their sponsor agreement (PDF) that do not use the generated one: sponsors cannot sign yet. */
  events_without_file: z.array(z.object({ id: z.number().int(), title: z.string(), event_date: z.string() })),
  /** Sponsorships the sponsor signed, waiting for the organiser's countersignature or confirmation. */
  sponsorships_to_confirm: z.array(
    z.object({
      id: z.number().int(),
      event_id: z.number().int(),
      event_title: z.string(),
      sponsor_email: z.string(),
      /** The sponsor's organisation as it names itself (profile, else billing details); null before either. */
      sponsor_name: z.string().nullable(),
      /** What the organiser does: countersign the generated agreement, or confirm the uploaded copy. */
      action: z.enum(['countersign', 'confirm']),
    }),
  ),
  /**
   * Team invitations not yet accepted and still valid; sponsor invitations whose sponsor has not signed
   * (sponsorship invited or agreement downloaded), expired or not.
   */
  pending_invitations: z.array(
    z.object({
      kind: z.enum(['team', 'sponsor']),
      email: z.string(),
      event_id: z.number().int().nullable(),
      event_title: z.string().nullable(),
      expires_at: z.string(),
    }),
  ),
  /** Deliverables of confirmed sponsorships past their due date and not done or waived. */
  overdue_deliverables: z.array(
    z.object({
      id: z.number().int(),
      event_id: z.number().int(),
      event_title: z.string(),
      sponsor_email: z.string(),
      title: z.string(),
      due_date: z.string(),
    }),
  ),
  /** Issued invoices past their due date with an amount still open: to chase or to match a payment. */
  overdue_invoices: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      event_id: z.number().int(),
      event_title: z.string(),
      sponsor_email: z.string(),
      outstanding_cents: z.number().int(),
      due_date: z.string(),
    }),
  ),
  /** All open tasks together. */
  total: z.number().int().min(0),
});
export type OrganiserTasksWire = z.infer<typeof ZOrganiserTasks>;
