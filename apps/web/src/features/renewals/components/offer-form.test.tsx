import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfferRenewalsRequest, RenewalRow } from '@sp/shared';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { OfferForm, proposedDeadline } from './offer-form';
import { RenewalOfferForm } from './renewal-offer-card';

const packages = [
  { id: 11, name: 'Gold', price_cents: 262_500, currency: 'EUR', left: null },
  { id: 12, name: 'Silber', price_cents: 120_000, currency: 'EUR', left: 0 },
];
const row = (id: number, change: Partial<RenewalRow> = {}): RenewalRow => ({
  previous_sponsorship_id: id,
  sponsor_email: `s${id}@example.org`,
  sponsor_name: `Firma ${id}`,
  previous_package_name: 'Gold',
  suggested_package_id: 11,
  state: 'not_offered',
  offer: null,
  ...change,
});

afterEach(() => changeLanguage('de'));

describe('OfferForm', () => {
  it('preselects every sponsor not offered yet with their package and sends them in one step', async () => {
    const onSubmit = vi.fn<(body: OfferRenewalsRequest) => Promise<void>>(() => Promise.resolve());
    const today = new Date('2026-04-01T10:00:00Z');
    await renderWithApp(
      <OfferForm
        rows={[row(1), row(2, { suggested_package_id: null }), row(3, { state: 'accepted' })]}
        packages={packages}
        today={today}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getAllByTestId('renewal-pick')).toHaveLength(2);
    // The app's date field, in the German order whatever the browser's locale (issue 58).
    expect(proposedDeadline(today)).toBe('2026-04-22');
    expect(screen.getByLabelText('Antwort bis')).toHaveValue('22.04.2026');
    const user = userEvent.setup();
    // The second has no package of the same name: it must be picked first.
    await user.click(screen.getByRole('button', { name: 'Angebote an 2 Sponsoren senden' }));
    expect(await screen.findByText('Bitte wählen Sie für jeden gewählten Sponsor ein Paket.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Paket für Firma 2'), 'Silber');
    await user.click(screen.getByRole('button', { name: 'Angebote an 2 Sponsoren senden' }));
    expect(onSubmit).toHaveBeenCalledWith({
      deadline: '2026-04-22',
      offers: [
        { previous_sponsorship_id: 1, package_id: 11 },
        { previous_sponsorship_id: 2, package_id: 12 },
      ],
    });
  });

  it('leaves out a sponsor unticked, and refuses none selected (English)', async () => {
    await changeLanguage('en');
    const onSubmit = vi.fn(() => Promise.resolve());
    await renderWithApp(<OfferForm rows={[row(1)]} packages={packages} today={new Date()} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('renewal-pick')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send offers to 0 sponsors' }));
    expect(await screen.findByText('Please select at least one sponsor.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('RenewalOfferForm', () => {
  const offer = {
    id: 5,
    status: 'offered' as const,
    expired: false,
    deadline: '2026-04-22',
    previous_event_title: 'Stadtfest 2026',
    package_id: 11,
    packages,
  };

  it('has the suggested package preselected, a sold-out one disabled, and accepts with the choice', async () => {
    await changeLanguage('en');
    const onAccept = vi.fn();
    await renderWithApp(<RenewalOfferForm offer={offer} busy={false} onAccept={onAccept} onDecline={vi.fn()} />);
    const radios = screen.getAllByRole('radio');
    expect(radios[0]).toBeChecked();
    expect(radios[1]).toBeDisabled();
    expect(screen.getByText('Gold · preselected for you')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept the offer' }));
    expect(onAccept).toHaveBeenCalledWith(11);
  });

  it('declines in one click', async () => {
    const onDecline = vi.fn();
    await renderWithApp(<RenewalOfferForm offer={offer} busy={false} onAccept={vi.fn()} onDecline={onDecline} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ablehnen' }));
    expect(onDecline).toHaveBeenCalledOnce();
  });

  it('lets nothing be pressed while an answer is sent', async () => {
    await renderWithApp(<RenewalOfferForm offer={offer} busy onAccept={vi.fn()} onDecline={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Angebot annehmen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ablehnen' })).toBeDisabled();
  });
});
