import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfileWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { OnboardingPage } from './onboarding-page';

const anna = { user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' };

function onboarded(body: Record<string, unknown>): UserProfileWire {
  return {
    cognito_id: 'u-1',
    role: body.role as UserProfileWire['role'],
    organisation_id: 7,
    organisation_name: String(body.organisation_name),
    profile_picture: null,
    onboarding_completed: true,
    organisation_role: 'owner',
    email: 'anna@verein.de',
    adresse_id: 7,
    street: String(body.street),
    house_number: String(body.house_number),
    postal_code: String(body.postal_code),
    city: String(body.city),
    country: String(body.country),
    phone_number: (body.phone_number as string | null) ?? null,
    updated_at: '2025-06-15T12:00:00.000Z',
  };
}

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };
let calls: Call[];
let answerPost: (body: Record<string, unknown>) => Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  answerPost = (body) => json(201, { user: onboarded(body) });
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token-1'),
    fetch: (input, init) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      const call = { method: init?.method ?? 'GET', url: String(input), body };
      calls.push(call);
      if (call.method === 'POST') return Promise.resolve(answerPost(body ?? {}));
      const last = calls.find((c) => c.method === 'POST');
      return Promise.resolve(json(200, { user: onboarded(last?.body ?? {}) }));
    },
  });
});

async function open() {
  const user = userEvent.setup();
  const result = await renderWithApp(<OnboardingPage />, { auth: await createTestAuth(anna), path: '/on-boarding/' });
  return { user, ...result };
}

async function chooseRole(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('radio', { name }));
  await user.click(screen.getByRole('button', { name: 'Weiter' }));
}

async function fillMasterData(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name der Organisation'), 'Sportverein Musterstadt e. V.');
  await user.type(screen.getByLabelText('Straße'), 'Hauptstraße');
  await user.type(screen.getByLabelText('Hausnummer'), '12a');
  await user.type(screen.getByLabelText('PLZ'), '10115');
  await user.type(screen.getByLabelText('Ort'), 'Berlin');
}

describe('OnboardingPage', () => {
  it('enables Continue only after a role is chosen, from an accessible radio group', async () => {
    const { user } = await open();
    expect(screen.getByText('Schritt 1 von 2')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Wie möchten Sie die Plattform nutzen?' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'sponsor',
      'veranstalter',
      'beides',
    ]);
    expect(screen.getByRole('radio', { name: 'Sponsor & Veranstalter' })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Weiter' });
    expect(next).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Veranstalter' }));
    expect(next).toBeEnabled();
    await user.click(next);
    expect(screen.getByText('Schritt 2 von 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Angaben zu Ihrer Organisation' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Land' })).toHaveValue('Deutschland');
  });

  it('shows the required and phone messages and sends nothing', async () => {
    const { user } = await open();
    await chooseRole(user, 'Sponsor');
    await user.type(screen.getByLabelText('Telefonnummer (optional)'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Onboarding abschließen' }));

    for (const label of ['Name der Organisation', 'Straße', 'Hausnummer', 'PLZ', 'Ort']) {
      expect(await screen.findByLabelText(label)).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.');
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByLabelText('Telefonnummer (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('Bitte geben Sie eine gültige Telefonnummer ein'),
    );
    await waitFor(() => expect(screen.getByLabelText('Name der Organisation')).toHaveFocus());
    expect(calls).toEqual([]);
  });

  it('keeps the entries when going back to the role step and forward again', async () => {
    const { user } = await open();
    await chooseRole(user, 'Sponsor');
    await user.type(screen.getByLabelText('Ort'), 'Leipzig');
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(screen.getByRole('radio', { name: 'Sponsor' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByLabelText('Ort')).toHaveValue('Leipzig');
  });

  it('shows the field errors of an API validation answer at their fields', async () => {
    answerPost = () =>
      json(400, {
        detail: 'Validation failed',
        code: 'request.validation-failed',
        fields: { postal_code: 'too_long', phone_number: 'invalid_phone' },
      });
    const { user } = await open();
    await chooseRole(user, 'Veranstalter');
    // An organiser's invoices need the number (XRechnung): the label says so (issue 58).
    await fillMasterData(user);
    await user.type(screen.getByLabelText('Telefonnummer (für Rechnungen nötig)'), '+49 30 123456');
    await user.click(screen.getByRole('button', { name: 'Onboarding abschließen' }));

    await waitFor(() =>
      expect(screen.getByLabelText('PLZ')).toHaveAccessibleDescription('Bitte höchstens 20 Zeichen eingeben.'),
    );
    expect(screen.getByLabelText('Telefonnummer (für Rechnungen nötig)')).toHaveAccessibleDescription(
      expect.stringContaining('Bitte geben Sie eine gültige Telefonnummer ein'),
    );
    expect(screen.getByLabelText('Ort')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(screen.getByLabelText('PLZ')).toHaveFocus());
  });

  // Typing into the list of ~250 countries (cmdk options) takes several seconds in jsdom.
  it('saves role and master data, marks the user on-boarded and opens the organiser dashboard', async () => {
    const { user, auth, history } = await open();
    await chooseRole(user, 'Sponsor & Veranstalter');
    await fillMasterData(user);
    const country = screen.getByRole('combobox', { name: 'Land' });
    await user.clear(country);
    await user.type(country, 'Österr');
    await user.keyboard('{Enter}');
    // Berlin's postcode does not fit Austria: the form names the format before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Onboarding abschließen' }));
    expect(await screen.findByLabelText('PLZ')).toHaveAccessibleDescription(
      'Keine gültige PLZ (Land: Österreich, z. B. 1010).',
    );
    expect(calls).toEqual([]);
    await user.clear(screen.getByLabelText('PLZ'));
    await user.type(screen.getByLabelText('PLZ'), '1010');
    await user.click(screen.getByRole('button', { name: 'Onboarding abschließen' }));

    await waitFor(() => expect(history.location.pathname).toBe('/dashboard/organizer/'));
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/user-profile',
      body: {
        role: 'beides',
        organisation_name: 'Sportverein Musterstadt e. V.',
        street: 'Hauptstraße',
        house_number: '12a',
        postal_code: '1010',
        city: 'Berlin',
        country: 'AT',
        phone_number: null,
      },
    });
    // The profile is fetched again after the save (spec: "profile refetch").
    expect(calls.some((call) => call.method === 'GET' && call.url === '/api/user-profile/u-1')).toBe(true);
    expect(auth.getState().status).toBe('isOnBoarded');
  }, 20_000);

  it('sends sponsors to the sponsor dashboard', async () => {
    const { user, history } = await open();
    await chooseRole(user, 'Sponsor');
    await fillMasterData(user);
    await user.click(screen.getByRole('button', { name: 'Onboarding abschließen' }));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard-sponsor'));
  });
});

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
