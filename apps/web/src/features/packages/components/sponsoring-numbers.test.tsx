import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SponsoringNumbersWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { EventNumbers } from './event-numbers';
import { SponsoringCard } from './sponsoring-card';

const numbers: SponsoringNumbersWire = {
  events: [
    {
      event_id: 7,
      packages: [
        {
          package_id: 1,
          name: 'Gold',
          archived: false,
          sold: 1,
          capacity: 2,
          committed_cents: 500_000,
          in_negotiation_cents: 500_000,
        },
        {
          package_id: 2,
          name: 'Partner',
          archived: false,
          sold: 3,
          capacity: null,
          committed_cents: 0,
          in_negotiation_cents: 30_000,
        },
        {
          package_id: 3,
          name: 'Alt',
          archived: true,
          sold: 0,
          capacity: 5,
          committed_cents: 0,
          in_negotiation_cents: 0,
        },
      ],
      committed_cents: 500_000,
      in_negotiation_cents: 530_000,
      fulfilment: { done: 3, total: 8, overdue: 2 },
    },
  ],
  totals: {
    sold: 4,
    committed_cents: 500_000,
    in_negotiation_cents: 530_000,
    fulfilment: { done: 3, total: 8, overdue: 2 },
  },
};

async function renderWith(ui: React.ReactNode, answer: SponsoringNumbersWire | null) {
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token-1'),
    fetch: (input) =>
      Promise.resolve(
        String(input) === '/api/organisation/4/sponsoring-numbers' && answer
          ? new Response(JSON.stringify(answer), { status: 200 })
          : new Response(JSON.stringify({ message: 'kaputt' }), { status: 500 }),
      ),
  });
  const auth = await createTestAuth({ user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' });
  return renderWithApp(ui, { auth });
}

describe('sponsoring numbers', () => {
  it("lists an event's packages with slots and sums, and its deliverables, leaving out unused archived ones", async () => {
    await renderWith(<EventNumbers organisationId={4} eventId={7} />, numbers);
    const list = await screen.findByRole('list', { name: 'Pakete: vergeben und Summen' });
    const items = within(list).getAllByRole('listitem');
    // Intl puts a no-break space before the euro sign.
    expect(items.map((item) => item.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      'Gold: 1/25.000,00 € zugesagt, 5.000,00 € in Verhandlung',
      'Partner: 3/∞0,00 € zugesagt, 300,00 € in Verhandlung',
    ]);
    expect(screen.getByText('Leistungen 3/8 erledigt')).toBeInTheDocument();
    expect(screen.getByText('2 überfällig')).toBeInTheDocument();
  });

  it('shows nothing for an event without packages', async () => {
    const { container } = await renderWith(<EventNumbers organisationId={4} eventId={99} />, numbers);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });

  it("sums the organisation's sponsoring on the dashboard card, or says what to do first", async () => {
    const { unmount } = await renderWith(<SponsoringCard organisationId={4} />, numbers);
    expect(await screen.findByTestId('numbers-committed')).toHaveTextContent('5.000,00 €');
    expect(screen.getByTestId('numbers-in-negotiation')).toHaveTextContent('5.300,00 €');
    expect(screen.getByText('4 Pakete vergeben')).toBeInTheDocument();
    expect(screen.getByText(/Leistungen: 3 von 8 erledigt/)).toHaveTextContent('(davon 2 überfällig)');
    unmount();

    const empty = { events: [], totals: { ...numbers.totals, sold: 0, committed_cents: 0, in_negotiation_cents: 0 } };
    const second = await renderWith(<SponsoringCard organisationId={4} />, empty);
    expect(await screen.findByText(/Noch keine Pakete vergeben/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu den Events' })).toHaveAttribute('href', '/dashboard/organizer/events');
    second.unmount();

    await renderWith(<SponsoringCard organisationId={4} />, null);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
