import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliverableWire, ListDeliverablesResponse } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { FulfilmentBoard } from './fulfilment-board';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const talk: DeliverableWire = {
  id: 1,
  sponsorship_id: 5,
  event_id: 7,
  event_title: 'Stadtlauf',
  sponsor_email: 'a@example.org',
  title: 'Vortrag',
  kind: 'talk',
  needs_sponsor_input: true,
  due_date: '2026-06-01',
  status: 'in_progress',
  assignee: null,
  sponsor_input: 'Sponsoring neu gedacht',
  provided_at: '2026-05-01T10:00:00Z',
  overdue: false,
  comments: [],
};

let answer: ListDeliverablesResponse;
let gets: string[];
let patches: Array<{ url: string; body: unknown }>;

beforeEach(() => {
  vi.clearAllMocks();
  gets = [];
  patches = [];
  answer = { deliverables: [talk], team: [{ id: 'sub-1', name: 'ada@example.org' }] };
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (input, init) => {
      if (init?.method === 'PATCH') {
        patches.push({ url: String(input), body: JSON.parse(String(init.body)) });
        return Promise.resolve(json(200, { ...talk, status: 'done' }));
      }
      gets.push(String(input));
      return Promise.resolve(json(200, answer));
    },
  });
});

describe('FulfilmentBoard', () => {
  it('loads with the filters, changes status and assignee in place, and hands filter changes out', async () => {
    const user = userEvent.setup();
    const onFilters = vi.fn();
    await renderWithApp(<FulfilmentBoard filters={{ status: 'in_progress' }} onFilters={onFilters} eventId={7} />);
    expect(await screen.findByText('Vortrag')).toBeInTheDocument();
    expect(gets[0]).toContain('status=in_progress');
    expect(gets[0]).toContain('event_id=7');
    expect(screen.getByText('Sponsoring neu gedacht')).toBeInTheDocument();

    const row = screen.getByTestId('deliverable-row');
    const [statusSelect, assigneeSelect] = Array.from(row.querySelectorAll('select'));
    await user.selectOptions(statusSelect!, 'done');
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ body: { status: 'done' } });
    expect(patches[0]!.url).toContain('/deliverables/1');
    await user.selectOptions(assigneeSelect!, 'sub-1');
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toMatchObject({ body: { assignee: 'sub-1' } });

    const filters = screen.getByRole('search', { name: 'Filter' });
    await user.selectOptions(filters.querySelectorAll('select')[0]!, 'open');
    expect(onFilters).toHaveBeenLastCalledWith({ status: 'open' });
  });

  it('shows and takes due dates in the German order (TT.MM.JJJJ), whatever the browser locale', async () => {
    const user = userEvent.setup();
    const onFilters = vi.fn();
    await renderWithApp(<FulfilmentBoard filters={{}} onFilters={onFilters} eventId={7} />);
    const row = await screen.findByTestId('deliverable-row');
    const due = within(row).getByRole('textbox', { name: 'Fällig am' });
    expect(due).toHaveValue('01.06.2026');
    expect(due).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    await user.tripleClick(due);
    await user.keyboard('15072026');
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ body: { due_date: '2026-07-15' } });

    const before = within(screen.getByRole('search', { name: 'Filter' })).getByRole('textbox', {
      name: 'Fällig bis',
    });
    await user.type(before, '31.12.202');
    expect(onFilters).not.toHaveBeenCalled();
    await user.type(before, '6');
    expect(onFilters).toHaveBeenLastCalledWith({ due_before: '2026-12-31' });
  });

  it('says when nothing matches', async () => {
    answer = { deliverables: [], team: [] };
    await renderWithApp(<FulfilmentBoard filters={{}} onFilters={() => undefined} />);
    expect(await screen.findByText(/Keine Leistungen gefunden/)).toBeInTheDocument();
  });
});
