import { describe, expect, it } from 'vitest';
import type { OrganisationReadiness, OrganisationReadinessRow } from '@sp/shared';
import { visibleOrganisationRows, waitingIds } from './organisation-filters';

const row = (
  id: number,
  eventId: number,
  name: string,
  cells: OrganisationReadinessRow['cells'],
  assignees: string[] = [],
): OrganisationReadinessRow => ({
  sponsorship_id: id,
  event_id: eventId,
  sponsor_email: `${name}@example.org`,
  sponsor_name: name,
  sponsor_language: null,
  package_id: eventId * 10,
  package_name: 'Gold',
  status: 'confirmed',
  cells,
  assignees,
  item_counts: { done: 0, waiting_sponsor: 0, waiting_us: 0, overdue: 0 },
  last_notice: null,
});

const board: OrganisationReadiness = {
  today: '2026-04-01',
  events: [
    { id: 2, title: 'Früher', event_date: '2026-05-01' },
    { id: 1, title: 'Später', event_date: '2026-09-01' },
  ],
  columns: [],
  counts: { done: 0, waiting_sponsor: 0, waiting_us: 0, overdue: 0 },
  assignees: [],
  rows: [
    row(1, 1, 'Alpha', { agreement: { state: 'done', label: 'confirmed' } }),
    row(2, 2, 'Zebra', { deliverables: { state: 'waiting_sponsor', label: '0/2' } }, ['u1']),
    row(3, 2, 'Mitte', { payment: { state: 'overdue', label: 'unpaid' } }),
  ],
};

describe('visibleOrganisationRows', () => {
  it('sorts by the events’ dates, then by sponsor', () => {
    expect(visibleOrganisationRows(board, {}).map((r) => r.sponsorship_id)).toEqual([3, 2, 1]);
    expect(visibleOrganisationRows(board, { sort: 'name' }).map((r) => r.sponsorship_id)).toEqual([1, 3, 2]);
  });

  it('filters by event, state, package and person responsible', () => {
    expect(visibleOrganisationRows(board, { event: 1 }).map((r) => r.sponsorship_id)).toEqual([1]);
    expect(visibleOrganisationRows(board, { state: 'overdue' }).map((r) => r.sponsorship_id)).toEqual([3]);
    expect(
      visibleOrganisationRows(board, { package: 20, state: 'waiting_sponsor' }).map((r) => r.sponsorship_id),
    ).toEqual([2]);
    expect(visibleOrganisationRows(board, { assignee: 'u1' }).map((r) => r.sponsorship_id)).toEqual([2]);
  });

  it('chases the visible rows waiting for the sponsor, or one column’s', () => {
    const rows = visibleOrganisationRows(board, {});
    expect(waitingIds(rows)).toEqual([3, 2]);
    expect(waitingIds(rows, 'deliverables')).toEqual([2]);
  });
});
