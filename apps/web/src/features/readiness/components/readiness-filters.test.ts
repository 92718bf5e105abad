import { describe, expect, it } from 'vitest';
import type { ReadinessBoard, ReadinessRow } from '@sp/shared';
import { visibleRows } from './readiness-filters';

const row = (id: number, name: string, cells: ReadinessRow['cells'], packageId: number | null = 1): ReadinessRow => ({
  sponsorship_id: id,
  sponsor_email: `${name}@example.org`,
  sponsor_name: name,
  sponsor_language: null,
  package_id: packageId,
  package_name: packageId ? 'Gold' : null,
  status: 'confirmed',
  cells,
  last_notice: null,
});

const board: ReadinessBoard = {
  event_id: 1,
  today: '2026-04-01',
  columns: [],
  counts: { done: 0, waiting_sponsor: 0, waiting_us: 0, overdue: 0 },
  assignees: [],
  rows: [
    row(1, 'Zebra', { agreement: { state: 'done', label: 'confirmed' } }),
    row(2, 'Alpha', { 'deliverable:logo': { state: 'waiting_sponsor', label: 'missing', assignee: 'u1' } }, 2),
    row(3, 'Mitte', {
      'deliverable:logo': { state: 'overdue', label: 'missing', assignee: 'u2' },
      payment: { state: 'waiting_us', label: 'not_invoiced' },
    }),
  ],
};

const ids = (rows: ReadinessRow[]) => rows.map((r) => r.sponsorship_id);

describe('visibleRows', () => {
  it('sorts by name, or by what is open first', () => {
    expect(ids(visibleRows(board, {}))).toEqual([2, 3, 1]);
    expect(ids(visibleRows(board, { sort: 'open' }))).toEqual([3, 2, 1]);
  });
  it('filters by state, package and the person responsible for an open item', () => {
    expect(ids(visibleRows(board, { state: 'overdue' }))).toEqual([3]);
    expect(ids(visibleRows(board, { state: 'waiting_sponsor' }))).toEqual([2]);
    expect(ids(visibleRows(board, { package: 2 }))).toEqual([2]);
    expect(ids(visibleRows(board, { assignee: 'u2' }))).toEqual([3]);
    expect(ids(visibleRows(board, { assignee: 'u1', package: 1 }))).toEqual([]);
  });
});
