import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanNextEditionRequest } from '@sp/shared';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { NextEditionForm, nextYear } from './next-edition-form';

const event = { id: 7, title: 'Stadtfest 2026', event_date: '2026-06-13', location: 'Marktplatz' };
const packages = [
  { id: 1, name: 'Gold', price_cents: 250_000, currency: 'EUR', left: 1 },
  { id: 2, name: 'Silber', price_cents: 99_900, currency: 'EUR', left: null },
];

afterEach(() => changeLanguage('de'));

describe('NextEditionForm', () => {
  it('proposes the same day a year later, and 28 February for a leap day', () => {
    expect(nextYear('2026-06-13')).toBe('2027-06-13');
    expect(nextYear('2028-02-29')).toBe('2029-02-28');
  });

  it('sends +5 % for every package and an own price for one, showing the new prices', async () => {
    const onSubmit = vi.fn<(body: PlanNextEditionRequest) => Promise<void>>(() => Promise.resolve());
    await renderWithApp(<NextEditionForm event={event} packages={packages} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Titel'));
    await user.type(screen.getByLabelText('Titel'), 'Stadtfest 2027');
    await user.clear(screen.getByLabelText('Preise ändern um (%)'));
    await user.type(screen.getByLabelText('Preise ändern um (%)'), '5');
    expect(screen.getByText('Bisher 2.500,00 €, neu 2.625,00 €')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Neuer Preis für „Silber“ (€)'), '1200');
    expect(screen.getByText('Bisher 999,00 €, neu 1.200,00 €')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nächste Ausgabe anlegen' }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Stadtfest 2027',
      event_date: '2027-06-13',
      location: 'Marktplatz',
      price_change_percent: 5,
      prices: [{ package_id: 2, price_cents: 120_000 }],
    });
  });

  it('refuses a per cent change out of range and a price that is no amount, in English too', async () => {
    await changeLanguage('en');
    const onSubmit = vi.fn(() => Promise.resolve());
    await renderWithApp(<NextEditionForm event={event} packages={packages} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Change prices by (%)'));
    await user.type(screen.getByLabelText('Change prices by (%)'), '150');
    await user.type(screen.getByLabelText('New price for "Gold" (€)'), 'viel');
    await user.click(screen.getByRole('button', { name: 'Create next edition' }));
    expect(await screen.findByText('Please enter a whole number from −50 to 100.')).toBeInTheDocument();
    expect(screen.getByText('Please enter an amount like 2500 or 2500.50.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
