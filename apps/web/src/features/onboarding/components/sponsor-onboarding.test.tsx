import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserProfileWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { OnboardingPage } from './onboarding-page';

const anna = { user: { sub: 'u-1', email: 'anna@firma.de' }, accessToken: 'token-1' };
const SPONSORSHIPS = [{ id: 5, eventTitle: 'Stadtlauf 2030', organisationName: 'Sportverein Musterstadt e. V.' }];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const onboarded = (name: string): UserProfileWire => ({
  cognito_id: 'u-1',
  role: 'sponsor',
  organisation_id: 9,
  organisation_name: name,
  profile_picture: null,
  onboarding_completed: true,
  organisation_role: 'owner',
  email: 'anna@firma.de',
  adresse_id: 9,
  street: '',
  house_number: '',
  postal_code: '',
  city: '',
  country: '',
  phone_number: null,
  updated_at: null,
});

let posted: Record<string, unknown>[];

beforeEach(() => {
  posted = [];
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token-1'),
    fetch: (_input, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posted.push(body);
        return Promise.resolve(json(201, { user: onboarded(String(body.organisation_name)) }));
      }
      return Promise.resolve(json(200, { user: onboarded(String(posted.at(-1)?.organisation_name ?? '')) }));
    },
  });
});

async function open() {
  const user = userEvent.setup();
  const result = await renderWithApp(<OnboardingPage invitedSponsorships={SPONSORSHIPS} />, {
    auth: await createTestAuth(anna),
    path: '/on-boarding/',
  });
  return { user, ...result };
}

describe('OnboardingPage for an invited sponsor (issue 21, point 7)', () => {
  it('shows the sponsorship and asks only for the organisation name, then opens the sponsor dashboard', async () => {
    const { user, history } = await open();
    expect(screen.getByRole('heading', { name: 'Ihr Sponsoring' })).toBeInTheDocument();
    expect(screen.getByText('Stadtlauf 2030')).toBeInTheDocument();
    expect(screen.queryByText('Schritt 1 von 2')).not.toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Weiter zu meinem Sponsoring' }));
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.type(screen.getByLabelText('Name der Organisation'), 'Bäckerei Schmidt');
    await user.click(screen.getByRole('button', { name: 'Weiter zu meinem Sponsoring' }));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard-sponsor'));
    expect(posted).toEqual([{ role: 'sponsor', organisation_name: 'Bäckerei Schmidt' }]);
  });

  it('lets the sponsor choose another role and the full master data instead, in English', async () => {
    await changeLanguage('en');
    const { user } = await open();
    expect(screen.getByRole('heading', { name: 'Your sponsorship' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I want to organise events too' }));
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Organiser' })).toBeInTheDocument();
  });
});
