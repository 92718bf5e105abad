import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SponsorLegalDetailsResponse, SponsorLegalDetailsWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { renderWithApp } from '@/testing/render';
import { SponsorLegalDetailsForm } from './legal-details-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const GUEST = { kind: 'guest', token: 'A'.repeat(43), email: 'anna@firma.example' } as const;
let current: SponsorLegalDetailsResponse;
let puts: Array<{ body: Record<string, unknown>; authorization: string | null }>;
let answerPut: (body: Record<string, unknown>) => Response;

beforeEach(() => {
  vi.clearAllMocks();
  current = { legal_details: null };
  puts = [];
  answerPut = (body) => {
    current = {
      legal_details: {
        ...(body as Omit<SponsorLegalDetailsWire, 'updated_at'>),
        updated_at: '2026-11-26T10:00:00.000Z',
      },
    };
    return json(200, current);
  };
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (_input, init) => {
      if ((init?.method ?? 'GET') === 'GET') return Promise.resolve(json(200, current));
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      puts.push({ body, authorization: new Headers(init?.headers).get('authorization') });
      return Promise.resolve(answerPut(body));
    },
  });
});

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Rechtlicher Name'), 'Brauerei Müller GmbH');
  await user.type(screen.getByLabelText('Straße'), 'Große Straße');
  await user.type(screen.getByLabelText('Hausnummer'), '12a');
  await user.type(screen.getByLabelText('Postleitzahl'), '80331');
  await user.type(screen.getByLabelText('Ort'), 'München');
}

describe('SponsorLegalDetailsForm', () => {
  it('saves the details through the invitation link with the VAT id normalised', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const { queryClient } = await renderWithApp(<SponsorLegalDetailsForm viewer={GUEST} onSaved={onSaved} />);
    // The agreement card of the same page, drawn up with the details before they changed.
    const agreementKey = queryKeys.sponsorships.agreement(7, `guest:${GUEST.email}`);
    queryClient.setQueryData(agreementKey, { state: 'draft' });
    await fillRequired(user);
    await user.type(screen.getByLabelText('USt-IdNr.'), 'de 123 456 789');
    await user.click(screen.getByRole('button', { name: 'Daten speichern' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(puts).toHaveLength(1);
    expect(puts[0]!.authorization).toBe(`${GUEST.token}:${GUEST.email}`);
    expect(puts[0]!.body).toMatchObject({
      legal_name: 'Brauerei Müller GmbH',
      city: 'München',
      country: 'DE',
      vat_id: 'DE123456789',
      billing_email: null,
      language: 'de',
    });
    expect(toast.success).toHaveBeenCalledWith('Rechnungs- und Vertragsdaten gespeichert');
    expect(queryClient.getQueryState(agreementKey)?.isInvalidated).toBe(true);
  });

  it('names wrong fields in German and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<SponsorLegalDetailsForm viewer={GUEST} />);
    await user.type(await screen.findByLabelText('USt-IdNr.'), 'US12345');
    await user.click(screen.getByRole('button', { name: 'Daten speichern' }));
    expect(await screen.findByText(/Keine gültige USt-IdNr\./)).toBeInTheDocument();
    expect(screen.getAllByText('Bitte ausfüllen.')).toHaveLength(5);
    expect(puts).toHaveLength(0);
  });

  // Typing into the list of ~250 countries (cmdk options) takes several seconds in jsdom.
  it('refuses a postal code that does not fit the country, naming its format', async () => {
    const user = userEvent.setup();
    renderWithApp(<SponsorLegalDetailsForm viewer={GUEST} />);
    await fillRequired(user);
    const country = screen.getByRole('combobox', { name: 'Land' });
    await user.clear(country);
    await user.type(country, 'Schweiz');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Daten speichern' }));
    expect(await screen.findByLabelText('Postleitzahl')).toHaveAccessibleDescription(
      'Keine gültige Postleitzahl (Land: Schweiz, z. B. 8001).',
    );
    expect(puts).toHaveLength(0);
    await user.clear(screen.getByLabelText('Postleitzahl'));
    await user.type(screen.getByLabelText('Postleitzahl'), '8001');
    await user.click(screen.getByRole('button', { name: 'Daten speichern' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toMatchObject({ postal_code: '8001', country: 'CH' });
  }, 20_000);

  it('shows a field the server refused at that field', async () => {
    const user = userEvent.setup();
    answerPut = () =>
      new Response(
        JSON.stringify({
          type: 'urn:sp:problem:request.validation-failed',
          title: 'Bad Request',
          status: 400,
          detail: 'invalid',
          code: 'request.validation-failed',
          fields: { postal_code: 'too_long' },
        }),
        { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
      );
    renderWithApp(<SponsorLegalDetailsForm viewer={GUEST} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Daten speichern' }));
    expect(await screen.findByText('Dieser Eintrag ist zu lang.')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
