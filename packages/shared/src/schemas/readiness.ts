// The readiness board of an event (issue 59, decision 080): one row per sponsorship, one column per
// thing that must be ready (agreement, invoice, payment, each deliverable, and what later providers
// add), each cell a state; and the chasers the organiser sends from it.
import { z } from 'zod';

export const READINESS_STATES = ['done', 'waiting_sponsor', 'waiting_us', 'overdue'] as const;
export const ZReadinessState = z.enum(READINESS_STATES);
export type ReadinessState = z.infer<typeof ZReadinessState>;

export const ZReadinessCell = z.object({
  state: ZReadinessState,
  label: z.string(),
  due: z.string().nullable().optional(),
  /** The assignee of a deliverable (an account id), for the "person responsible" filter. */
  assignee: z.string().nullable().optional(),
});
export type ReadinessCellWire = z.infer<typeof ZReadinessCell>;

export const ZReadinessColumn = z.object({ key: z.string(), title: z.string(), provider: z.string() });

export const ZReadinessNoticeSummary = z.object({
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

export const ZReadinessRow = z.object({
  sponsorship_id: z.number().int(),
  sponsor_email: z.string(),
  sponsor_name: z.string().nullable(),
  sponsor_language: z.enum(['de', 'en']).nullable(),
  package_id: z.number().int().nullable(),
  package_name: z.string().nullable(),
  status: z.string(),
  /** Column key -> cell; a column without a cell for this row does not apply to it. */
  cells: z.record(z.string(), ZReadinessCell),
  last_notice: ZReadinessNoticeSummary.nullable(),
});
export type ReadinessRowWire = z.infer<typeof ZReadinessRow>;

export const ZReadinessBoardResponse = z.object({
  event_id: z.number().int(),
  today: z.string(),
  columns: z.array(ZReadinessColumn),
  rows: z.array(ZReadinessRow),
  counts: z.object({ done: z.number(), waiting_sponsor: z.number(), waiting_us: z.number(), overdue: z.number() }),
  assignees: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ReadinessBoardResponse = z.infer<typeof ZReadinessBoardResponse>;

/**
 * The board across the organisation's upcoming events (GET /readiness): the columns every event has
 * (agreement, invoice, payment, tickets, shipments) and a `deliverables` summary cell (done/total in
 * the worst state) that opens the event's own board.
 */
export const ZOrganisationReadinessRow = ZReadinessRow.extend({
  event_id: z.number().int(),
  /** The persons responsible for the row's deliverables that are not done (the filter). */
  assignees: z.array(z.string()),
  /** The row's items per state, each deliverable counted (the header sums the rows shown). */
  item_counts: ZReadinessBoardResponse.shape.counts,
});
export type OrganisationReadinessRowWire = z.infer<typeof ZOrganisationReadinessRow>;

export const ZOrganisationReadinessResponse = ZReadinessBoardResponse.omit({ event_id: true, rows: true }).extend({
  events: z.array(z.object({ id: z.number().int(), title: z.string(), event_date: z.string() })),
  rows: z.array(ZOrganisationReadinessRow),
});
export type OrganisationReadinessResponse = z.infer<typeof ZOrganisationReadinessResponse>;

export const ZChaseRequest = z
  .object({
    /** The rows chosen; omitted with all_waiting_sponsor. */
    sponsorship_ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(1000).optional(),
    /** Every row with at least one cell waiting for the sponsor (or overdue on the sponsor's side). */
    all_waiting_sponsor: z.boolean().optional(),
    /** Only this column's item (e.g. the logo); omitted: everything the sponsor owes. */
    column_key: z.string().min(1).max(200).optional(),
    dry_run: z.boolean().default(false),
    /** The organiser insists: a second chaser the same day. */
    override: z.boolean().default(false),
    /** Makes a repeated send (a double click, a retry) the same chase; chosen by the client. */
    request_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
  })
  .strict();
export type ChaseRequest = z.input<typeof ZChaseRequest>;

export const ZChaseItem = z.object({ column_key: z.string(), title: z.string(), due: z.string().nullable() });

export const ZChaseResponse = z.object({
  dry_run: z.boolean(),
  recipients: z.array(
    z.object({
      sponsorship_id: z.number().int(),
      sponsor_email: z.string(),
      language: z.enum(['de', 'en']),
      items: z.array(ZChaseItem),
      /** queued: in the outbox now (or would be); limited: already chased today; nothing: nothing missing. */
      outcome: z.enum(['queued', 'limited', 'nothing']),
    }),
  ),
  queued: z.number().int(),
  limited: z.number().int(),
});
export type ChaseResponse = z.infer<typeof ZChaseResponse>;

export const ZReadinessNotice = z.object({
  id: z.number().int(),
  sponsorship_id: z.number().int(),
  sponsor_email: z.string(),
  language: z.enum(['de', 'en']),
  items: z.array(ZChaseItem),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  override: z.boolean(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export const ZReadinessNoticesResponse = z.object({ notices: z.array(ZReadinessNotice) });
export type ReadinessNoticesResponse = z.infer<typeof ZReadinessNoticesResponse>;
