// Filtering and sorting of the board's rows (pure, tested): overdue, waiting for the sponsor, a
// package, a person responsible (a deliverable's assignee); sorted by name or by what is open.
import type { ReadinessBoard, ReadinessRow } from '@sp/shared';

export type ReadinessFilters = {
  state?: 'overdue' | 'waiting_sponsor' | undefined;
  package?: number | undefined;
  assignee?: string | undefined;
  sort?: 'name' | 'open' | undefined;
};

export const rowName = (row: ReadinessRow): string => row.sponsor_name ?? row.sponsor_email;

export const openCount = (row: ReadinessRow): number =>
  Object.values(row.cells).filter((c) => c.state !== 'done').length * 100 +
  Object.values(row.cells).filter((c) => c.state === 'overdue').length;

export function visibleRows(board: ReadinessBoard, filters: ReadinessFilters): ReadinessRow[] {
  const rows = board.rows.filter((row) => {
    const cells = Object.values(row.cells);
    if (filters.state && !cells.some((c) => c.state === filters.state)) return false;
    if (filters.package !== undefined && row.package_id !== filters.package) return false;
    if (filters.assignee && !cells.some((c) => c.assignee === filters.assignee && c.state !== 'done')) return false;
    return true;
  });
  return rows.sort((a, b) =>
    filters.sort === 'open'
      ? openCount(b) - openCount(a) || rowName(a).localeCompare(rowName(b))
      : rowName(a).localeCompare(rowName(b)),
  );
}
