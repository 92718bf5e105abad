import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SponsorshipStatus, SponsorshipWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { EventSponsorshipsCard } from './event-sponsorships-card';
import type { SponsorshipFilter } from './sponsorship-filter';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const sponsorship = (id: number, email: string, status: SponsorshipStatus): SponsorshipWire => ({
  id,
  event_id: 7,
  event_title: 'Stadtlauf',
  event_date: '2030-06-01',
  organisation_id: 1,
  organisation_name: 'Sportverein',
  sponsor_email: email,
  sponsor_name: null,
  status,
  amount_cents: 100_000,
  agreement_files: [],
  signed_agreement: null,
  agreement_downloaded_at: null,
  sponsor_language: null,
  agreement_language: null,
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '2026-05-01T10:00:00Z',
});

let list: SponsorshipWire[];
const filters: SponsorshipFilter[] = [];
let posted: string[];
let remindAnswer: (url: string) => Response;
const recently = () =>
  new Response(
    JSON.stringify({
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: 'The invitation was sent less than an hour ago',
      code: 'invitation.sent-recently',
    }),
    { status: 429, headers: { 'Content-Type': 'application/problem+json' } },
  );

beforeEach(() => {
  filters.length = 0;
  vi.clearAllMocks();
  posted = [];
  remindAnswer = () =>
    new Response(JSON.stringify({ sent_at: '2026-05-01T10:00:00Z' }), {
      headers: { 'Content-Type': 'application/json' },
    });
  list = [
    sponsorship(1, 'brauerei@example.org', 'invited'),
    sponsorship(2, 'baeckerei@example.org', 'invited'),
    sponsorship(3, 'autohaus@example.org', 'signed'),
    sponsorship(4, 'bank@example.org', 'confirmed'),
    sponsorship(5, 'sparkasse@example.org', 'confirmed'),
    sponsorship(6, 'metzgerei@example.org', 'declined'),
  ];
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (input, init) => {
      if (init?.method === 'POST') {
        posted.push(String(input));
        return Promise.resolve(remindAnswer(String(input)));
      }
      return Promise.resolve(new Response(JSON.stringify(list), { headers: { 'Content-Type': 'application/json' } }));
    },
  });
});

/** The card with its filter held as the route holds it (in the URL there). */
function WithFilter({ initial = {} }: { initial?: SponsorshipFilter }) {
  const [filter, setFilter] = useState<SponsorshipFilter>(initial);
  return (
    <>
      {/* A link to the page with another filter: the URL's filter changes without the card. */}
      <button type="button" onClick={() => setFilter(initial)}>
        back
      </button>
      <EventSponsorshipsCard
        eventId={7}
        filter={filter}
        onFilter={(next) => {
          filters.push(next);
          setFilter(next);
        }}
      />
    </>
  );
}

const shownAddresses = () =>
  screen.queryAllByTestId('event-sponsorship').map((item) => within(item).getByText(/@example\.org/).textContent);

describe('EventSponsorshipsCard filter', () => {
  it('counts the sponsors by status and narrows the list to one status', async () => {
    await renderWithApp(<WithFilter />);
    const chips = await screen.findByRole('group', { name: 'Nach Status' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Alle6', 'Eingeladen2', 'Unterschrieben1', 'Bestätigt2', 'Abgelehnt1']);
    expect(within(chips).getByRole('button', { name: /Alle/ })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(chips).getByRole('button', { name: /Bestätigt/ }));
    expect(filters.at(-1)).toEqual({ status: 'confirmed', search: undefined });
    expect(shownAddresses()).toEqual(['bank@example.org', 'sparkasse@example.org']);
    expect(screen.getByTestId('sponsorships-shown')).toHaveTextContent('2 von 6 Sponsoren');
    expect(within(chips).getByRole('button', { name: /Bestätigt/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('searches the addresses as one types and keeps the search when the field is left', async () => {
    await renderWithApp(<WithFilter />);
    const field = await screen.findByRole('searchbox', { name: 'Sponsoren nach Name oder E-Mail-Adresse suchen' });
    await userEvent.type(field, 'BA');
    expect(shownAddresses()).toEqual(['baeckerei@example.org', 'bank@example.org']);
    expect(filters).toEqual([]);
    await userEvent.tab();
    expect(filters.at(-1)).toEqual({ search: 'BA' });
  });

  it("follows the URL's search when it changes without the field", async () => {
    await renderWithApp(<WithFilter initial={{ search: 'bank' }} />);
    const field = await screen.findByRole('searchbox', { name: 'Sponsoren nach Name oder E-Mail-Adresse suchen' });
    expect(field).toHaveValue('bank');
    await userEvent.clear(field);
    await userEvent.type(field, 'brauerei');
    await userEvent.tab();
    expect(filters.at(-1)).toEqual({ search: 'brauerei' });
    expect(shownAddresses()).toEqual(['brauerei@example.org']);
    await userEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(field).toHaveValue('bank');
    expect(shownAddresses()).toEqual(['bank@example.org']);
  });

  it('says when nothing matches and shows all again', async () => {
    await renderWithApp(<WithFilter initial={{ status: 'declined', search: 'bank' }} />);
    expect(await screen.findByText('Kein Sponsor passt zu diesem Filter.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('bank');
    await userEvent.click(screen.getByRole('button', { name: 'Alle zeigen' }));
    expect(filters.at(-1)).toEqual({});
    expect(shownAddresses()).toHaveLength(6);
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('shows twenty sponsors at first and more on request, from the first page again after a new filter', async () => {
    list = Array.from({ length: 45 }, (_, i) => sponsorship(i + 1, `sponsor${i + 1}@example.org`, 'invited'));
    await renderWithApp(<WithFilter />);
    expect(await screen.findAllByTestId('event-sponsorship')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: '20 weitere zeigen (noch 25)' }));
    expect(screen.getAllByTestId('event-sponsorship')).toHaveLength(40);
    await userEvent.click(screen.getByRole('button', { name: '5 weitere zeigen (noch 5)' }));
    expect(screen.getAllByTestId('event-sponsorship')).toHaveLength(45);
    expect(screen.queryByRole('button', { name: /weitere zeigen/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), 'sponsor');
    expect(screen.getAllByTestId('event-sponsorship')).toHaveLength(20);
  });

  it('shows a short list whole, without the filter', async () => {
    list = list.slice(0, 3);
    await renderWithApp(<WithFilter />);
    expect(await screen.findAllByTestId('event-sponsorship')).toHaveLength(3);
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });
});

describe('EventSponsorshipsCard reminder', () => {
  it('sends the invitation again to a sponsor who has not signed, and only to those', async () => {
    await renderWithApp(<WithFilter />);
    const rows = await screen.findAllByTestId('event-sponsorship');
    const remindIn = (row: HTMLElement) => within(row).queryByRole('button', { name: 'Einladung erneut senden' });
    expect(rows.map((row) => remindIn(row) !== null)).toEqual([true, true, false, false, false, false]);
    await userEvent.click(remindIn(rows[0]!)!);
    expect(posted).toEqual(['/api/sponsorships/1/invitation']);
    expect(toast.success).toHaveBeenCalledWith(
      'Einladung an brauerei@example.org erneut gesendet. Der vorige Link gilt nicht mehr.',
    );
  });

  it('says why when the invitation went out less than an hour ago', async () => {
    remindAnswer = recently;
    await renderWithApp(<WithFilter />);
    const [first] = await screen.findAllByTestId('event-sponsorship');
    await userEvent.click(within(first!).getByRole('button', { name: 'Einladung erneut senden' }));
    expect(toast.error).toHaveBeenCalledWith(
      'Die Einladung wurde nicht gesendet: Die Einladung wurde vor weniger als einer Stunde gesendet. Bitte versuchen Sie es später erneut.',
    );
  });

  it('reminds every listed sponsor who has not signed, after asking, and counts those skipped', async () => {
    remindAnswer = (url) =>
      url.endsWith('/2/invitation')
        ? recently()
        : new Response(JSON.stringify({ sent_at: '2026-05-01T10:00:00Z' }), {
            headers: { 'Content-Type': 'application/json' },
          });
    await renderWithApp(<WithFilter />);
    await userEvent.click(await screen.findByRole('button', { name: '2 Sponsoren erinnern' }));
    const dialog = await screen.findByRole('alertdialog', { name: '2 Sponsoren erinnern?' });
    expect(posted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladungen senden' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('1 erinnert, 1 übersprungen (in der letzten Stunde eingeladen).'),
    );
    expect(posted).toEqual(['/api/sponsorships/1/invitation', '/api/sponsorships/2/invitation']);
    expect(toast.error).not.toHaveBeenCalled();
  });
});
