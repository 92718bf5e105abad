import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { BoardCounts, BoardFilterBar, sumCounts } from './board-filters';
import type { OrganisationFilters } from './organisation-filters';
import type { ReadinessFilters } from './readiness-filters';

const packages = [[7, 'Gold'] as const];
const assignees = [{ id: 'u-1', name: 'anna@verein.de' }];
const events = [{ id: 3, title: 'Stadtlauf', event_date: '2026-09-01' }];

describe('the boards’ shared filter bar', () => {
  it('on the event’s board: no event filter, sorted by name by default, which stays out of the filters', async () => {
    const onFilters = vi.fn<(next: ReadinessFilters) => void>();
    await renderWithApp(
      <BoardFilterBar filters={{ sort: 'open' }} onFilters={onFilters} packages={packages} assignees={assignees}>
        <button type="button">Aktion</button>
      </BoardFilterBar>,
    );
    expect(screen.queryByTestId('readiness-event-filter')).toBeNull();
    expect(screen.getByRole('button', { name: 'Aktion' })).toBeVisible();
    const [state, pack, person, sort] = screen.getAllByRole('combobox');
    await userEvent.selectOptions(sort!, 'name');
    expect(onFilters).toHaveBeenLastCalledWith({ sort: undefined });
    await userEvent.selectOptions(state!, 'overdue');
    expect(onFilters).toHaveBeenLastCalledWith({ sort: 'open', state: 'overdue' });
    await userEvent.selectOptions(pack!, '7');
    expect(onFilters).toHaveBeenLastCalledWith({ sort: 'open', package: 7 });
    await userEvent.selectOptions(person!, 'u-1');
    expect(onFilters).toHaveBeenLastCalledWith({ sort: 'open', assignee: 'u-1' });
  });

  it('across events: an event filter that clears the package, and sorting by event first', async () => {
    const onFilters = vi.fn<(next: OrganisationFilters) => void>();
    await renderWithApp(
      <BoardFilterBar
        filters={{ package: 7 }}
        onFilters={onFilters}
        packages={packages}
        assignees={assignees}
        events={events}
      >
        {null}
      </BoardFilterBar>,
    );
    await userEvent.selectOptions(screen.getByTestId('readiness-event-filter'), '3');
    expect(onFilters).toHaveBeenLastCalledWith({ event: 3, package: undefined });
    const sort = screen.getAllByRole('combobox').at(-1)!;
    expect(sort).toHaveValue('');
    await userEvent.selectOptions(sort, 'name');
    expect(onFilters).toHaveBeenLastCalledWith({ package: 7, sort: 'name' });
  });

  it('counts per state, with the rows shown where asked', async () => {
    const counts = sumCounts([
      { item_counts: { done: 1, waiting_sponsor: 2, waiting_us: 0, overdue: 1 } },
      { item_counts: { done: 3, waiting_sponsor: 0, waiting_us: 1, overdue: 0 } },
    ]);
    expect(counts).toEqual({ done: 4, waiting_sponsor: 2, waiting_us: 1, overdue: 1 });
    const { container } = await renderWithApp(<BoardCounts counts={counts} rowCount={2} />);
    expect(container.querySelector('[data-count="done"] strong')).toHaveTextContent('4');
    expect(container.querySelector('[data-count="rows"]')).not.toBeNull();
  });
});
