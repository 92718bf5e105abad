// The readiness board of an event (issue 59, decision 080): one row per sponsorship, one column per
// thing that must be ready (agreement, invoice, payment, each deliverable, and what later providers
// add), each cell a state; and the chasers the organiser sends from it.
import { z } from 'zod';

export const READINESS_STATES = ['done', 'waiting_sponsor', 'waiting_us', 'overdue'] as const;
export const ZReadinessState = z.enum(READINESS_STATES);
export type ReadinessState = z.infer<typeof ZReadinessState>;

/**
 * A cell as the web shows it (decoded from the wire's dictionary, decodeReadinessBoard). The board's
 * wire (decision 096) sends each distinct cell once and a row's cells as indices into that list.
 */
export type ReadinessCellView = {
  state: ReadinessState;
  label: string;
  due?: string | null;
  /** The assignee of a deliverable (an account id), for the "person responsible" filter. */
  assignee?: string | null;
};

export const ZReadinessColumn = z.object({ key: z.string(), title: z.string(), provider: z.string() });

const NOTICE_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
const ZCounts = z.object({
  done: z.number(),
  waiting_sponsor: z.number(),
  waiting_us: z.number(),
  overdue: z.number(),
});
const ZId = z.number().int();

/** A distinct cell on the wire: [state as its index in READINESS_STATES, label, due, assignee]. */
export const ZReadinessCellWire = z.tuple([
  z
    .number()
    .int()
    .min(0)
    .max(READINESS_STATES.length - 1),
  z.string(),
  z.string().nullable(),
  z.string().nullable(),
]);

/** The last chaser of a row on the wire: [status, created_at, sent_at]. */
const ZNoticeWire = z.tuple([z.enum(NOTICE_STATUSES), z.string(), z.string().nullable()]);

/** The rows as columns of equal length (one entry per row), so no key repeats per row. */
const ZReadinessRowsWire = z.object({
  sponsorship_id: z.array(ZId),
  sponsor_email: z.array(z.string()),
  sponsor_name: z.array(z.string().nullable()),
  sponsor_language: z.array(z.enum(['de', 'en']).nullable()),
  /** Its name is in the answer's `packages`. */
  package_id: z.array(ZId.nullable()),
  status: z.array(z.string()),
  last_notice: z.array(ZNoticeWire.nullable()),
  /** Per row, per column of `columns` (in order): the index of its cell in `cells`; -1 where the column does not apply. */
  cells: z.array(z.array(z.number().int().min(-1))),
});

const boardWire = {
  today: z.string(),
  columns: z.array(ZReadinessColumn),
  packages: z.array(z.object({ id: ZId, name: z.string() })),
  cells: z.array(ZReadinessCellWire),
  counts: ZCounts,
  assignees: z.array(z.object({ id: z.string(), name: z.string() })),
};

export const ZReadinessBoardResponse = z.object({ event_id: ZId, ...boardWire, rows: ZReadinessRowsWire });
export type ReadinessBoardResponse = z.infer<typeof ZReadinessBoardResponse>;

/**
 * The board across the organisation's upcoming events (GET /readiness): the columns every event has
 * (agreement, invoice, payment, tickets, shipments) and a `deliverables` summary cell (done/total in
 * the worst state) that opens the event's own board.
 */
export const ZOrganisationReadinessResponse = z.object({
  ...boardWire,
  events: z.array(z.object({ id: ZId, title: z.string(), event_date: z.string() })),
  rows: ZReadinessRowsWire.extend({
    event_id: z.array(ZId),
    /** The persons responsible for the row's deliverables that are not done (the filter). */
    assignees: z.array(z.array(z.string())),
    /** The row's items per state, each deliverable counted: [done, waiting_sponsor, waiting_us, overdue]. */
    item_counts: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])),
  }),
});
export type OrganisationReadinessResponse = z.infer<typeof ZOrganisationReadinessResponse>;

export type ReadinessCounts = z.infer<typeof ZCounts>;

/** A row as the web shows it (decodeReadinessBoard). */
export type ReadinessRow = {
  sponsorship_id: number;
  sponsor_email: string;
  sponsor_name: string | null;
  sponsor_language: 'de' | 'en' | null;
  package_id: number | null;
  package_name: string | null;
  status: string;
  /** Column key -> cell; a column without a cell for this row does not apply to it. */
  cells: Record<string, ReadinessCellView>;
  last_notice: { status: (typeof NOTICE_STATUSES)[number]; created_at: string; sent_at: string | null } | null;
};

export type ReadinessBoard = Omit<ReadinessBoardResponse, 'rows' | 'cells' | 'packages'> & { rows: ReadinessRow[] };

export type OrganisationReadinessRow = ReadinessRow & {
  event_id: number;
  assignees: string[];
  item_counts: ReadinessCounts;
};
export type OrganisationReadiness = Omit<OrganisationReadinessResponse, 'rows' | 'cells' | 'packages'> & {
  rows: OrganisationReadinessRow[];
};

type RowsWire = z.infer<typeof ZReadinessRowsWire>;

function decodeRows(wire: Pick<ReadinessBoardResponse, 'columns' | 'packages' | 'cells'> & { rows: RowsWire }) {
  const { rows, columns } = wire;
  const n = rows.sponsorship_id.length;
  for (const list of Object.values(rows))
    if (list.length !== n) throw new Error('readiness board: row columns of different lengths');
  // One object per distinct cell, shared by the rows that have it (the views only read them).
  const cells = wire.cells.map(([state, label, due, assignee]): ReadinessCellView => ({
    state: READINESS_STATES[state]!,
    label,
    due,
    assignee,
  }));
  const packageName = new Map(wire.packages.map((p) => [p.id, p.name]));
  return Array.from({ length: n }, (_, i): ReadinessRow => {
    const refs = rows.cells[i]!;
    const rowCells: Record<string, ReadinessCellView> = {};
    columns.forEach((column, c) => {
      const ref = refs[c] ?? -1;
      if (ref < 0) return;
      const cell = cells[ref];
      if (!cell) throw new Error('readiness board: a cell index out of range');
      rowCells[column.key] = cell;
    });
    const packageId = rows.package_id[i]!;
    const notice = rows.last_notice[i]!;
    return {
      sponsorship_id: rows.sponsorship_id[i]!,
      sponsor_email: rows.sponsor_email[i]!,
      sponsor_name: rows.sponsor_name[i]!,
      sponsor_language: rows.sponsor_language[i]!,
      package_id: packageId,
      package_name: packageId === null ? null : (packageName.get(packageId) ?? null),
      status: rows.status[i]!,
      cells: rowCells,
      last_notice: notice ? { status: notice[0], created_at: notice[1], sent_at: notice[2] } : null,
    };
  });
}

/** The event's board as rows of cells by column key (what the views and the tests read). */
export function decodeReadinessBoard(wire: ReadinessBoardResponse): ReadinessBoard {
  const { packages: _p, cells: _c, rows: _r, ...rest } = wire;
  return { ...rest, rows: decodeRows(wire) };
}

/** The board across events, decoded as decodeReadinessBoard. */
export function decodeOrganisationReadiness(wire: OrganisationReadinessResponse): OrganisationReadiness {
  const { packages: _p, cells: _c, rows: _r, ...rest } = wire;
  const rows = decodeRows(wire).map((row, i): OrganisationReadinessRow => {
    const [done, waiting_sponsor, waiting_us, overdue] = wire.rows.item_counts[i]!;
    return {
      ...row,
      event_id: wire.rows.event_id[i]!,
      assignees: wire.rows.assignees[i]!,
      item_counts: { done, waiting_sponsor, waiting_us, overdue },
    };
  });
  return { ...rest, rows };
}

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
