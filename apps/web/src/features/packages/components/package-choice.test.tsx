import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfferedPackageWire, SponsorshipPackagesResponse } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { PackageChoice } from './package-choice';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const offered = (change: Partial<OfferedPackageWire>): OfferedPackageWire => ({
  id: 1,
  event_id: 7,
  name: 'Gold',
  description: 'Der große Auftritt',
  price_cents: 250_000,
  currency: 'EUR',
  capacity: 1,
  sold: 0,
  sold_out: false,
  benefits: [{ title: 'Vortrag', kind: 'talk', due_date: '2026-06-01', sponsor_delivers: true }],
  ...change,
});

let offer: SponsorshipPackagesResponse;
let chooseAnswer: () => Response;
let requests: Array<{ method: string; url: string; auth: string | null; body: unknown }>;

afterEach(() => changeLanguage('de'));

beforeEach(() => {
  requests = [];
  offer = {
    offered: [offered({}), offered({ id: 2, name: 'Silber', price_cents: 100_000, capacity: null })],
    chosen: null,
    amount_cents: null,
    choice_open: true,
    activity: [],
  };
  chooseAnswer = () => json(200, offer);
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve(null),
    fetch: (input, init) => {
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      requests.push({
        method,
        url: String(input),
        auth: headers.get('authorization'),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return Promise.resolve(method === 'GET' ? json(200, offer) : chooseAnswer());
    },
  });
});

const guest = { kind: 'guest', token: 'tok', email: 'a@sponsor.de' } as const;

describe('PackageChoice', () => {
  it('shows the offered packages with benefits and prices, and chooses one with the link', async () => {
    const user = userEvent.setup();
    chooseAnswer = () => {
      offer = {
        ...offer,
        chosen: offer.offered[0]!,
        amount_cents: 250_000,
        activity: [
          {
            id: 1,
            at: '2026-05-01T10:00:00.000Z',
            side: 'sponsor',
            by: 'a@sponsor.de',
            kind: 'chosen',
            package_name: 'Gold',
            amount_cents: 250_000,
            note: null,
          },
        ],
      };
      return json(200, offer);
    };
    await renderWithApp(<PackageChoice sponsorshipId={5} viewer={guest} open />);
    const [gold, silver] = await screen.findAllByTestId('offered-package');
    expect(within(gold!).getByText('2.500,00 €')).toBeInTheDocument();
    expect(within(gold!).getByText('Vortrag')).toBeInTheDocument();
    expect(within(gold!).getByText('Noch 1 verfügbar')).toBeInTheDocument();
    expect(within(silver!).getByText('1.000,00 €')).toBeInTheDocument();

    expect(screen.getByText('Wählen Sie eines der angebotenen Pakete.')).toBeInTheDocument();
    await user.click(within(gold!).getByRole('button', { name: 'Dieses Paket wählen' }));
    expect(await screen.findByText('Gewählt')).toBeInTheDocument();
    expect(screen.getByText('Sie haben gewählt: Gold')).toBeInTheDocument();
    expect(
      screen.getByText('Ihre Wahl. Solange das Sponsoring offen ist, können Sie ein anderes Paket wählen.'),
    ).toBeInTheDocument();
    const choice = requests.find((r) => r.method === 'POST')!;
    expect(choice).toMatchObject({
      url: '/api/sponsorships/5/package',
      auth: 'tok:a@sponsor.de',
      body: { package_id: 1 },
    });
  });

  it('says clearly that the last slot was just taken', async () => {
    const user = userEvent.setup();
    chooseAnswer = () =>
      json(409, {
        type: 'urn:sp:problem:package.sold-out',
        title: 'package.sold-out',
        status: 409,
        detail: 'This package has just sold out',
        code: 'package.sold-out',
      });
    await renderWithApp(<PackageChoice sponsorshipId={5} viewer={guest} open />);
    const [gold] = await screen.findAllByTestId('offered-package');
    await user.click(within(gold!).getByRole('button', { name: 'Dieses Paket wählen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieses Paket ist leider ausverkauft.');
  });

  it('marks a sold-out package and offers no choice on it', async () => {
    offer.offered = [offered({ sold: 1, sold_out: true })];
    await renderWithApp(<PackageChoice sponsorshipId={5} viewer={guest} open />);
    const [gold] = await screen.findAllByTestId('offered-package');
    expect(within(gold!).getByText('Ausverkauft')).toBeInTheDocument();
    expect(within(gold!).queryByRole('button')).toBeNull();
  });

  it('no longer asks for a choice once the sponsorship is closed', async () => {
    offer.chosen = offer.offered[0]!;
    await renderWithApp(<PackageChoice sponsorshipId={5} viewer={guest} open={false} />);
    expect(await screen.findByText('Das Paket dieses Sponsorings.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dieses Paket wählen' })).toBeNull();
    expect(screen.queryByText('Wählen Sie eines der angebotenen Pakete.')).toBeNull();
  });

  it('offers no choice once the sponsorship is confirmed, even where the page thinks it open (German and English)', async () => {
    offer = { ...offer, chosen: offer.offered[0]!, amount_cents: 250_000, choice_open: false };
    const { unmount } = await renderWithApp(<PackageChoice sponsorshipId={5} viewer={guest} open />);
    expect(await screen.findByText('Das Paket dieses Sponsorings.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dieses Paket wählen' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    await changeLanguage('en');
    await renderWithApp(<PackageChoice sponsorshipId={5} viewer={guest} open />);
    expect(await screen.findByText('The package of this sponsorship.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose this package' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so when nothing was offered', async () => {
    offer.offered = [];
    await renderWithApp(<PackageChoice sponsorshipId={5} viewer={guest} open />);
    expect(await screen.findByText('Ihnen wurden noch keine Pakete angeboten.')).toBeInTheDocument();
  });
});
