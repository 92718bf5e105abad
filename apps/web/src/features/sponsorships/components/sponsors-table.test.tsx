import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SponsorshipStatus, SponsorshipWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import type { SponsorshipFilter } from './sponsorship-filter';
import { SponsorsTable } from './sponsors-table';
import type { SponsorSort } from './sponsors-table-model';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const STATUSES: SponsorshipStatus[] = ['invited', 'downloaded', 'signed', 'confirmed', 'declined'];
const sponsorship = (id: number): SponsorshipWire => ({
  id,
  event_id: 7,
  event_title: 'Stadtlauf',
  event_date: '2030-06-01',
  organisation_id: 1,
  organisation_name: 'Sportverein',
  sponsor_email: `sponsor${String(id).padStart(3, '0')}@example.org`,
  sponsor_name: null,
  status: STATUSES[id % STATUSES.length]!,
  amount_cents: id * 1_000,
  agreement_files: [],
  signed_agreement: null,
  agreement_downloaded_at: null,
  sponsor_language: null,
  agreement_language: null,
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '2026-05-01T10:00:00Z',
});

let requests: string[];
beforeEach(() => {
  requests = [];
  const list = Array.from({ length: 200 }, (_, i) => sponsorship(i + 1));
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (input) => {
      requests.push(String(input));
      return Promise.resolve(new Response(JSON.stringify(list), { headers: { 'Content-Type': 'application/json' } }));
    },
  });
});

/** The table with its filter and sort held as the route holds them (in the URL there). */
function WithState() {
  const [state, setState] = useState<{ filter: SponsorshipFilter; sort: SponsorSort }>({
    filter: {},
    sort: { key: 'email', direction: 'asc' },
  });
  return (
    <Suspense fallback={null}>
      <SponsorsTable
        eventId={7}
        filter={state.filter}
        sort={state.sort}
        onChange={setState}
        onOpen={() => {}}
        empty={<p>empty</p>}
      />
    </Suspense>
  );
}

const rows = () => screen.getAllByTestId('sponsor-row');
const firstAddress = () => within(rows()[0]!).getByRole('button').textContent;

describe('SponsorsTable', () => {
  it('shows two hundred sponsors from one request, filters, sorts and ticks them', async () => {
    const user = userEvent.setup();
    await renderWithApp(<WithState />);
    await screen.findByRole('table', { name: 'Sponsoren dieses Events' }, { timeout: 10_000 });
    expect(rows()).toHaveLength(200);
    // Nothing is read per row: the list's one endpoint is all the table asks for.
    expect(new Set(requests)).toEqual(new Set(['/api/event/7/sponsorships']));
    expect(firstAddress()).toBe('sponsor001@example.org');

    await user.click(
      within(screen.getByRole('group', { name: 'Nach Status' })).getByRole('button', { name: /Abgelehnt/ }),
    );
    expect(rows()).toHaveLength(40);
    expect(screen.getByTestId('sponsorships-shown')).toHaveTextContent('40 von 200 Sponsoren');

    const amount = screen.getByRole('columnheader', { name: 'Betrag' });
    await user.click(within(amount).getByRole('button'));
    expect(amount).toHaveAttribute('aria-sort', 'ascending');
    expect(firstAddress()).toBe('sponsor004@example.org');
    await user.click(within(amount).getByRole('button'));
    expect(amount).toHaveAttribute('aria-sort', 'descending');
    expect(firstAddress()).toBe('sponsor199@example.org');

    await user.click(
      within(screen.getByRole('group', { name: 'Nach Status' })).getByRole('button', { name: /Eingeladen/ }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Alle 40 angezeigten auswählen' }));
    const bulk = screen.getByRole('region', { name: 'Auswahl' });
    expect(bulk).toHaveTextContent('40 ausgewählt');
    expect(within(bulk).getByRole('button', { name: '40 Sponsoren erinnern' })).toBeInTheDocument();
    await user.click(within(rows()[0]!).getByRole('checkbox'));
    expect(bulk).toHaveTextContent('39 ausgewählt');
    await user.click(within(bulk).getByRole('button', { name: 'Auswahl aufheben' }));
    expect(screen.queryByRole('region', { name: 'Auswahl' })).not.toBeInTheDocument();

    await user.type(
      screen.getByRole('searchbox', { name: 'Sponsoren nach Name oder E-Mail-Adresse suchen' }),
      'sponsor10',
    );
    expect(rows().map((row) => within(row).getByRole('button').textContent)).toEqual([
      'sponsor105@example.org',
      'sponsor100@example.org',
    ]);
    // Filtering, sorting, ticking and searching read nothing new. (How often the list itself is read is the query
    // client's business: on a busy machine the suspended read can be older than its one second of freshness when the
    // table mounts, and then it is read once more.)
    expect(new Set(requests)).toEqual(new Set(['/api/event/7/sponsorships']));
    // Two hundred rows in jsdom, clicked through: slower than the default five seconds on a busy machine.
  }, 60_000);
});
