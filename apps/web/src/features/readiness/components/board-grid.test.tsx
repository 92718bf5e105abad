import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReadinessRow } from '@sp/shared';
import { renderWithApp } from '@/testing/render';
import { BoardList } from './board-grid';

const rows: ReadinessRow[] = Array.from({ length: 45 }, (_, i) => ({
  sponsorship_id: i + 1,
  sponsor_email: `sponsor${i + 1}@example.org`,
  sponsor_name: `Sponsor ${i + 1}`,
  sponsor_language: 'de',
  package_id: 7,
  package_name: 'Gold',
  status: 'confirmed',
  cells: {
    agreement: { state: 'done', label: 'confirmed', due: null, assignee: null },
    'deliverable:logo': { state: 'waiting_sponsor', label: 'open', due: '2030-05-01', assignee: null },
  },
  last_notice: null,
}));
const columns = [
  { key: 'agreement', title: 'agreement' },
  { key: 'deliverable:logo', title: 'Logo' },
];

describe('the board’s list per sponsor', () => {
  it('lists every sponsor (the first ones painted first); a cell is a link the app follows itself', async () => {
    const { container, history } = await renderWithApp(
      <BoardList columns={columns} rows={rows} eventOf={() => 3} selected={new Set()} onToggle={vi.fn()} />,
    );
    const items = () => container.querySelectorAll('[data-testid="readiness-list"] > li');
    await waitFor(() => expect(items()).toHaveLength(45));
    const first = screen.getByText('Sponsor 1').closest('li')!;
    const links = first.querySelectorAll('a[data-state]');
    expect([...links].map((a) => a.getAttribute('href'))).toEqual([
      '/edit-event/3/agreement',
      `/edit-event/3/fulfilment?sponsor=${encodeURIComponent('sponsor1@example.org')}`,
    ]);
    await userEvent.click(links[0]!);
    await waitFor(() => expect(history.location.pathname).toBe('/edit-event/3/agreement'));
  });
});
