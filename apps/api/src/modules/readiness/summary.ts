// The board across events (decision 080): events differ in their deliverables, so a row there shows
// the common columns and one summary cell of its deliverables: how many are done of how many, in the
// worst state among them (overdue before waiting for the sponsor before waiting for us). Pure.
import type { ReadinessCell } from './providers.ts';

/** The columns every event's board has, in order; the deliverables summary follows the payment. */
export const COMMON_COLUMNS = ['agreement', 'invoice', 'payment', 'tickets', 'shipments'] as const;
export const DELIVERABLES_SUMMARY = 'deliverables';

const WORST_FIRST = ['overdue', 'waiting_sponsor', 'waiting_us', 'done'] as const;

/** The summary cell of a row's deliverable cells; undefined when the row has none. */
export function deliverablesSummary(cells: readonly ReadinessCell[]): ReadinessCell | undefined {
  if (cells.length === 0) return undefined;
  const done = cells.filter((c) => c.state === 'done').length;
  const state = WORST_FIRST.find((s) => cells.some((c) => c.state === s))!;
  const open = cells.filter((c) => c.state === state && c.due);
  const due = state === 'done' ? null : (open.map((c) => c.due!).sort()[0] ?? null);
  return { state, label: `${done}/${cells.length}`, due };
}
