import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { eventWire, installFakeEventsApi, USER, type FakeEventsApi } from '../testing/fake-events-api';
import { EventsListPage } from './events-list-page';

let api: FakeEventsApi;

beforeEach(() => {
  api = installFakeEventsApi();
});

async function open() {
  const user = userEvent.setup();
  const result = await renderWithApp(<EventsListPage />, {
    auth: await createTestAuth(USER),
    path: '/dashboard/organizer/events',
  });
  return { user, ...result };
}

function manyEvents(count: number) {
  return Array.from({ length: count }, (_, index) =>
    eventWire({
      id: index + 1,
      title: `Event ${index + 1}`,
      // Newest first: event 1 has the latest date.
      event_date: new Date(Date.UTC(2026, 0, 31 - index)).toISOString().slice(0, 10),
    }),
  );
}

describe('EventsListPage', () => {
  it('shows date, location, title link, open sponsorships, sponsors and the sums committed and in negotiation', async () => {
    api.events.push(eventWire());
    await open();

    const item = (await screen.findByRole('link', { name: 'Sommerfest 2025' })).closest('article');
    expect(item).not.toBeNull();
    const card = within(item as HTMLElement);
    expect(card.getByRole('link', { name: 'Sommerfest 2025' })).toHaveAttribute('href', '/edit-event/1');
    expect(card.getByText('05.03.2025')).toBeInTheDocument();
    expect(card.getByText('Stadthalle Musterstadt')).toBeInTheDocument();
    expect(card.getByText('12 offene Sponsorings')).toBeInTheDocument();
    expect(card.getByText('3 Sponsoren')).toBeInTheDocument();
    expect(card.getByText('2.500,00 €')).toBeInTheDocument();
    // The glossary's two sums, committed and in negotiation (docs/glossary.md).
    expect(card.getByTestId('event-committed').closest('div')).toHaveTextContent('zugesagt');
    expect(card.getByTestId('event-in-negotiation').closest('div')).toHaveTextContent(/^in Verhandlung1\.000,00\s€$/);
    expect(screen.getByRole('link', { name: 'Event anlegen' })).toHaveAttribute('href', '/create-event/');
    expect(api.calls).toContainEqual(expect.objectContaining({ path: '/api/events/7', search: '?limit=10' }));
  });

  it("writes 'Sponsoren' after the number for every count in German, as the spec says", async () => {
    api.events.push(
      eventWire({ id: 1, title: 'Ein Sponsor', sponsor_amount: 1 }),
      eventWire({ id: 2, title: 'Kein Sponsor', sponsor_amount: 0 }),
    );
    await open();

    const card = async (title: string) =>
      within((await screen.findByRole('link', { name: title })).closest('article') as HTMLElement);
    expect((await card('Ein Sponsor')).getByText('1 Sponsoren')).toBeInTheDocument();
    expect((await card('Kein Sponsor')).getByText('0 Sponsoren')).toBeInTheDocument();
  });

  it('formats dates and money for the English interface', async () => {
    api.events.push(eventWire({ sponsor_amount: 1, open_sponsorships: 1, committed_cents: 123_456 }));
    await open();
    await screen.findByText('05.03.2025');

    await changeLanguage('en');
    expect(await screen.findByText('05/03/2025')).toBeInTheDocument();
    expect(screen.getByText('€1,234.56')).toBeInTheDocument();
    expect(screen.getByText('1 sponsor')).toBeInTheDocument();
    expect(screen.getByText('1 open sponsorship')).toBeInTheDocument();
  });

  it("loads the next page with 'Mehr laden' and hides it once every event is shown", async () => {
    api.events.push(...manyEvents(25));
    const { user } = await open();

    await screen.findByText('Event 1');
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.getByText('10 von 25 Events')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mehr laden' }));
    expect(await screen.findByText('Event 20')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);

    await user.click(screen.getByRole('button', { name: 'Mehr laden' }));
    expect(await screen.findByText('Event 25')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(25);
    expect(screen.getByText('25 von 25 Events')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mehr laden' })).not.toBeInTheDocument();

    const pages = api.calls.filter((call) => call.path === '/api/events/7').map((call) => call.search);
    // Each next page starts after the last event shown (keyset cursor `date,id`), not at an offset.
    expect(pages).toEqual(['?limit=10', '?limit=10&after=2026-01-22%2C10', '?limit=10&after=2026-01-12%2C20']);
  });

  it("shows no 'Mehr laden' when the first page holds every event", async () => {
    api.events.push(...manyEvents(10));
    await open();
    await screen.findByText('Event 10');
    expect(screen.queryByRole('button', { name: 'Mehr laden' })).not.toBeInTheDocument();
  });

  it('offers to create the first event when there is none', async () => {
    await open();
    expect(await screen.findByRole('heading', { name: 'Noch keine Events' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Event anlegen' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Event anlegen' })).toHaveAttribute('href', '/create-event/');
  });

  it("shows 'Error: Error fetching events: {statusText}' in German and retries", async () => {
    let fail = true;
    api.override = (call) =>
      fail && call.path === '/api/events/7'
        ? new Response(JSON.stringify({ detail: 'Not your organisation', code: 'organisation.not-yours' }), {
            status: 403,
          })
        : undefined;
    const { user } = await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Fehler: Fehler beim Laden der Events: Kein Zugriff');

    fail = false;
    api.events.push(eventWire());
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Sommerfest 2025')).toBeInTheDocument();
  });

  it('shows a loading state while the first page loads', async () => {
    api.override = (call) => (call.path === '/api/events/7' ? new Promise<Response>(() => undefined) : undefined);
    await open();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Events werden geladen …'));
  });

  it('says so when the profile has no organisation', async () => {
    api.profile = { ...api.profile, organisation_id: null };
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Fehler: Keine Organisation ausgewählt');
    expect(api.calls.some((call) => call.path.startsWith('/api/events'))).toBe(false);
  });
});
