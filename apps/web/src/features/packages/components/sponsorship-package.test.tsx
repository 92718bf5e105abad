import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PackageWire, SponsorshipPackagesResponse } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { SponsorshipPackage } from './sponsorship-package';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const silver: PackageWire = {
  id: 2,
  event_id: 7,
  name: 'Silber',
  description: '',
  price_cents: 100_000,
  currency: 'EUR',
  capacity: null,
  sold: 0,
  archived: false,
  in_use: true,
  benefits: [],
};

let offer: SponsorshipPackagesResponse;
let posted: unknown[];

beforeEach(() => {
  vi.clearAllMocks();
  posted = [];
  offer = { offered: [], chosen: null, amount_cents: 250_000, choice_open: true, activity: [] };
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (input, init) => {
      const url = String(input);
      if ((init?.method ?? 'GET') === 'POST') {
        posted.push(JSON.parse(String(init?.body)));
        return Promise.resolve(json(200, offer));
      }
      return Promise.resolve(json(200, url.endsWith('/event/7/packages') ? [silver] : offer));
    },
  });
});

describe('SponsorshipPackage', () => {
  it('asks for a note before the amount changes, then sends package, amount and note', async () => {
    const user = userEvent.setup();
    await renderWithApp(<SponsorshipPackage sponsorshipId={5} eventId={7} open />);
    await user.click(await screen.findByRole('button', { name: 'Paket zuweisen / Betrag ändern' }));
    await user.selectOptions(screen.getByLabelText('Paket'), 'Silber');
    const amount = screen.getByLabelText('Betrag in EUR');
    expect(amount).toHaveValue('2500');
    await user.clear(amount);
    await user.type(amount, '900');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte begründen Sie die Betragsänderung kurz.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.type(screen.getByLabelText('Notiz zur Betragsänderung'), 'Rabatt');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Gespeichert.'));
    expect(posted).toEqual([{ package_id: 2, amount_cents: 90_000, note: 'Rabatt' }]);
  });

  it('offers no change on a decided sponsorship', async () => {
    offer = { ...offer, chosen: { ...silver, sold_out: false } };
    await renderWithApp(<SponsorshipPackage sponsorshipId={5} eventId={7} open={false} />);
    expect(await screen.findByText('Paket: Silber')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
