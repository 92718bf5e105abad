import { describe, expect, it } from 'vitest';
import {
  decodeOrganisationReadiness,
  decodeReadinessBoard,
  ZReadinessBoardResponse,
  type OrganisationReadinessResponse,
  type ReadinessBoardResponse,
} from './readiness.ts';

const wire: ReadinessBoardResponse = {
  event_id: 3,
  today: '2026-04-01',
  columns: [
    { key: 'agreement', title: 'agreement', provider: 'agreement' },
    { key: 'deliverable:logo', title: 'Logo', provider: 'deliverables' },
  ],
  packages: [{ id: 9, name: 'Gold' }],
  cells: [
    [0, 'confirmed', null, null],
    [3, 'missing', '2026-03-01', 'u-1'],
  ],
  rows: {
    sponsorship_id: [11, 12],
    sponsor_email: ['a@example.org', 'b@example.org'],
    sponsor_name: ['Alpha', null],
    sponsor_language: ['de', null],
    package_id: [9, null],
    status: ['confirmed', 'invited'],
    last_notice: [['sent', '2026-03-30T10:00:00.000Z', '2026-03-30T10:00:01.000Z'], null],
    cells: [
      [0, 1],
      [0, -1],
    ],
  },
  counts: { done: 2, waiting_sponsor: 0, waiting_us: 0, overdue: 1 },
  assignees: [{ id: 'u-1', name: 'anna@verein.de' }],
};

describe('the readiness board wire (decision 096)', () => {
  it('decodes rows of cells by column key, a column without a cell left out', () => {
    const board = decodeReadinessBoard(ZReadinessBoardResponse.parse(wire));
    expect(board.rows).toEqual([
      {
        sponsorship_id: 11,
        sponsor_email: 'a@example.org',
        sponsor_name: 'Alpha',
        sponsor_language: 'de',
        package_id: 9,
        package_name: 'Gold',
        status: 'confirmed',
        cells: {
          agreement: { state: 'done', label: 'confirmed', due: null, assignee: null },
          'deliverable:logo': { state: 'overdue', label: 'missing', due: '2026-03-01', assignee: 'u-1' },
        },
        last_notice: { status: 'sent', created_at: '2026-03-30T10:00:00.000Z', sent_at: '2026-03-30T10:00:01.000Z' },
      },
      {
        sponsorship_id: 12,
        sponsor_email: 'b@example.org',
        sponsor_name: null,
        sponsor_language: null,
        package_id: null,
        package_name: null,
        status: 'invited',
        cells: { agreement: { state: 'done', label: 'confirmed', due: null, assignee: null } },
        last_notice: null,
      },
    ]);
    expect(board).not.toHaveProperty('packages');
  });

  it('refuses row columns of different lengths and a cell index out of range', () => {
    expect(() => decodeReadinessBoard({ ...wire, rows: { ...wire.rows, status: ['confirmed'] } })).toThrow();
    expect(() =>
      decodeReadinessBoard({
        ...wire,
        rows: {
          ...wire.rows,
          cells: [
            [0, 5],
            [0, -1],
          ],
        },
      }),
    ).toThrow();
    expect(ZReadinessBoardResponse.safeParse({ ...wire, cells: [[4, 'x', null, null]] }).success).toBe(false);
  });

  it('decodes the board across events with each row’s event, assignees and item counts', () => {
    const { event_id: _e, ...rest } = wire;
    const across: OrganisationReadinessResponse = {
      ...rest,
      events: [{ id: 3, title: 'Stadtlauf', event_date: '2026-09-01' }],
      rows: {
        ...wire.rows,
        event_id: [3, 3],
        assignees: [['u-1'], []],
        item_counts: [
          [1, 0, 0, 1],
          [1, 0, 0, 0],
        ],
      },
    };
    const [first, second] = decodeOrganisationReadiness(across).rows;
    expect(first).toMatchObject({ event_id: 3, assignees: ['u-1'], item_counts: { done: 1, overdue: 1 } });
    expect(second!.item_counts).toEqual({ done: 1, waiting_sponsor: 0, waiting_us: 0, overdue: 0 });
  });
});
