import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PackageWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { PackagesCard } from './packages-card';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const pkg = (change: Partial<PackageWire>): PackageWire => ({
  id: 1,
  event_id: 7,
  name: 'Gold',
  description: 'Der große Auftritt',
  price_cents: 250_000,
  currency: 'EUR',
  capacity: 1,
  sold: 0,
  archived: false,
  in_use: false,
  benefits: [{ title: 'Logo auf dem Plakat', kind: 'logo', due_date: null, sponsor_delivers: true }],
  ...change,
});

let packages: PackageWire[];
let requests: Array<{ method: string; url: string; body: unknown }>;
let answerWrite: (method: string, url: string) => Response;

beforeEach(() => {
  vi.clearAllMocks();
  packages = [];
  requests = [];
  answerWrite = () => json(201, pkg({}));
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET') return Promise.resolve(json(200, packages));
      return Promise.resolve(answerWrite(method, url));
    },
  });
});

describe('PackagesCard', () => {
  it('shows the empty state and creates a package with a benefit', async () => {
    const user = userEvent.setup();
    await renderWithApp(<PackagesCard eventId={7} otherEvents={[]} />);
    expect(await screen.findByText(/Noch keine Pakete/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Paket anlegen' }));
    const form = screen.getByRole('form', { name: 'Neues Paket' });
    await user.type(within(form).getByLabelText('Name'), 'Gold');
    await user.type(within(form).getByLabelText('Preis in EUR (netto)'), '2500,50');
    await user.type(within(form).getByLabelText('Anzahl (leer = unbegrenzt)'), '1');
    await user.click(within(form).getByRole('button', { name: 'Leistung hinzufügen' }));
    await user.type(within(form).getByLabelText('Leistung'), 'Logo auf dem Plakat');
    await user.click(within(form).getByLabelText(/Sponsor liefert etwas zu/));
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Paket gespeichert.'));
    const created = requests.find((r) => r.method === 'POST')!;
    expect(created.url).toBe('/api/event/7/packages');
    expect(created.body).toEqual({
      name: 'Gold',
      description: '',
      price_cents: 250_050,
      capacity: 1,
      benefits: [{ title: 'Logo auf dem Plakat', kind: 'logo', due_date: null, sponsor_delivers: true }],
    });
  });

  it('refuses a price that is not an amount, without calling the API', async () => {
    const user = userEvent.setup();
    await renderWithApp(<PackagesCard eventId={7} otherEvents={[]} />);
    await user.click(await screen.findByRole('button', { name: 'Paket anlegen' }));
    await user.type(screen.getByLabelText('Name'), 'Gold');
    await user.type(screen.getByLabelText('Preis in EUR (netto)'), 'viel');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte einen Preis wie 2500 oder 2500,50 eingeben.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('reorders, archives, and deletes only an unused package', async () => {
    packages = [pkg({ id: 1, name: 'Gold', in_use: true }), pkg({ id: 2, name: 'Silber', capacity: null })];
    const user = userEvent.setup();
    answerWrite = (method, url) =>
      json(method === 'DELETE' ? 204 : 200, method === 'PUT' || url.endsWith('/copy') ? packages : packages[0]);
    await renderWithApp(<PackagesCard eventId={7} otherEvents={[{ id: 8, title: 'Herbstlauf' }]} />);
    const [gold, silver] = await screen.findAllByTestId('package-item');
    expect(within(gold!).getByText('2.500,00 €')).toBeInTheDocument();
    expect(within(gold!).getByText('0 von 1 vergeben')).toBeInTheDocument();
    expect(within(gold!).queryByRole('button', { name: 'Löschen' })).toBeNull();
    expect(within(gold!).getByText(/kann nur archiviert werden/)).toBeInTheDocument();
    expect(within(gold!).getByRole('button', { name: 'Gold nach oben' })).toBeDisabled();

    await user.click(within(silver!).getByRole('button', { name: 'Silber nach oben' }));
    await user.click(within(gold!).getByRole('button', { name: 'Archivieren' }));
    await user.click(within(silver!).getByRole('button', { name: 'Löschen' }));
    await user.selectOptions(screen.getByLabelText('Pakete übernehmen von'), 'Herbstlauf');
    await user.click(screen.getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Pakete übernommen.'));

    expect(requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.url, r.body])).toEqual([
      ['PUT', '/api/event/7/packages/order', { package_ids: [2, 1] }],
      ['POST', '/api/packages/1/archive', { archived: true }],
      ['DELETE', '/api/packages/2', undefined],
      ['POST', '/api/event/7/packages/copy', { from_event_id: 8 }],
    ]);
  });

  it('shows a capacity below what is sold in words', async () => {
    packages = [pkg({ id: 1, sold: 1 })];
    answerWrite = () =>
      json(409, {
        type: 'urn:sp:problem:package.capacity-below-sold',
        title: 'package.capacity-below-sold',
        status: 409,
        detail: 'More of this package are sold than the new capacity',
        code: 'package.capacity-below-sold',
      });
    const user = userEvent.setup();
    await renderWithApp(<PackagesCard eventId={7} otherEvents={[]} />);
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Es sind bereits mehr Pakete vergeben als diese Anzahl.'),
    );
  });
});
