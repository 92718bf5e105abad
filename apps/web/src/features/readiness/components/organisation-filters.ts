// Filtering and sorting of the board across events (pure, tested): an event, overdue or waiting for
// the sponsor, a package, a person responsible (of a deliverable that is not done); sorted by event
// (its date, then the sponsor), by name, or by what is open.
import type { OrganisationReadiness, OrganisationReadinessRow } from '@sp/shared';
import { openCount, rowName } from './readiness-filters';

export type OrganisationFilters = {
  event?: number | undefined;
  state?: 'overdue' | 'waiting_sponsor' | undefined;
  package?: number | undefined;
  assignee?: string | undefined;
  sort?: 'name' | 'open' | undefined;
};

export function visibleOrganisationRows(
  board: OrganisationReadiness,
  filters: OrganisationFilters,
): OrganisationReadinessRow[] {
  const order = new Map(board.events.map((e, i) => [e.id, i]));
  const rows = board.rows.filter((row) => {
    const cells = Object.values(row.cells);
    if (filters.event !== undefined && row.event_id !== filters.event) return false;
    if (filters.state && !cells.some((c) => c.state === filters.state)) return false;
    if (filters.package !== undefined && row.package_id !== filters.package) return false;
    if (filters.assignee && !row.assignees.includes(filters.assignee)) return false;
    return true;
  });
  const byName = (a: OrganisationReadinessRow, b: OrganisationReadinessRow) => rowName(a).localeCompare(rowName(b));
  return rows.sort((a, b) =>
    filters.sort === 'open'
      ? openCount(b) - openCount(a) || byName(a, b)
      : filters.sort === 'name'
        ? byName(a, b) || (order.get(a.event_id) ?? 0) - (order.get(b.event_id) ?? 0)
        : (order.get(a.event_id) ?? 0) - (order.get(b.event_id) ?? 0) || byName(a, b),
  );
}

/** The rows a bulk chase from here goes to: the visible ones with something waiting for the sponsor. */
export const waitingIds = (rows: OrganisationReadinessRow[], columnKey?: string): number[] =>
  rows
    .filter((row) =>
      Object.entries(row.cells).some(
        ([key, c]) =>
          (columnKey === undefined || key === columnKey) && (c.state === 'waiting_sponsor' || c.state === 'overdue'),
      ),
    )
    .map((row) => row.sponsorship_id);
